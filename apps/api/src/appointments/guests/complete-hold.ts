import {
  bookingMessages,
  type AppointmentDetail,
  type AppointmentSlot,
} from '@vet/contracts/appointment-booking';
import {
  guestHoldCompletionHours,
  guestMessages,
  type CompleteSoftBookingBody,
} from '@vet/contracts/guest-bookings';
import { recordPracticeEvent } from '@vet/practice-events/record-events';
import {
  appointmentEventData,
  assertNoPaymentAsked,
  assertRoomToBook,
  openDiary,
  refusalOf,
  toDetail,
  emailFacts,
  enqueueBookedEmail,
  type Booker,
  type BookingDeps,
  loadBookingContext,
  nearestSlots,
  type ReadyContext,
  MINUTE_MS,
  quotePrice,
  quotedColumns,
  speciesCodeOf,
} from '../booking/index.ts';
import { conflict, type LinkedClient } from '../../platform/index.ts';
import { registerNewPet } from '../../clients/index.ts';
import { guestHolds, isHoldId, type HoldRecord } from './guest-holds-repository.ts';
import { assertActionable, isGivenAway, isLive } from './guest-holds.ts';

/** Completing a hold is a booking: it takes the booking's dependencies. */
export type CompletionDeps = BookingDeps;

export type CompletionOutcome =
  | { kind: 'booked'; appointment: AppointmentDetail }
  | { kind: 'taken'; message: string; alternatives: AppointmentSlot[] };

const HOUR_MS = 60 * MINUTE_MS;

/**
 * A hold made more than guestHoldCompletionHours ago is not booked (decision 0057): long after it ended,
 * its token is only a way in for whoever found it.
 */
function assertRecent(hold: HoldRecord, now: Date) {
  if (now.getTime() - hold.createdAt.getTime() > guestHoldCompletionHours * HOUR_MS) {
    throw conflict(guestMessages.holdTooOld);
  }
}

/**
 * POST /guest/soft-bookings/{id}/complete (R4.25): the signed-in, linked client holding the hold's id
 * turns it into their appointment, with a pet registered from the guest's answers, in ONE transaction
 * (pet, appointment, the reservation handed from the hold to the appointment, the hold marked Converted,
 * the practice system's pet.registered and guest_hold.completed events, the confirmation e-mail): all or
 * nothing. Whoever holds the id and is signed in may complete it (the id
 * is the guest's bearer token; decision 0022). A live hold keeps its time and clinician. Otherwise (the
 * hold ended, or the client chose another start, `startsAt`) the start must be a bookable slot now, as a
 * booking's is (rota, closures, notice, horizon, free time: decision 0057); when it is not, the answer is
 * 'taken' with the nearest free starts. A hold made more than a day ago is refused.
 */
export async function completeHold(
  deps: CompletionDeps,
  client: LinkedClient,
  id: string,
  body: CompleteSoftBookingBody,
): Promise<CompletionOutcome> {
  const found = isHoldId(id) ? await guestHolds.find(deps.db, id) : null;
  assertActionable(found);
  assertRecent(found, deps.now());
  const booker: Booker = {
    ...client,
    // The guest chose the practice before they had a home practice: the hold's practice stands.
    homePracticeId: null,
    email: client.email ?? found.email,
  };
  const context = await loadBookingContext(deps, booker, {
    practiceId: found.practiceId,
    appointmentReasonId: found.reasonId,
  });
  // A policy set after the guest held the time still stands (decision 0158): it is paid for signed in.
  await assertNoPaymentAsked(deps.paymentAsked, {
    clientId: client.clientId,
    practiceId: found.practiceId,
    reasonId: found.reasonId,
  });
  const startsAt = body.startsAt === undefined ? found.startsAt : new Date(body.startsAt);
  const ownTime = startsAt.getTime() === found.startsAt.getTime();
  const keepsItsTime = ownTime && isLive(found, deps.now());
  const endsAt = keepsItsTime
    ? found.endsAt
    : new Date(startsAt.getTime() + context.reason.durationMinutes * MINUTE_MS);

  const convert = (clinicianId: number) =>
    deps.db.transaction(async (tx) => {
      const now = deps.now();
      // The pet from the guest's answers, registered as online registration does, within the client's
      // new pets of the day; then the appointment within their upcoming ones (decision 0057). Lock order
      // (decision 0063): the client's registrations, the client's bookings, the clinician (the diary), and
      // only then the hold's row, which a practice booking holding the clinician's lock may be giving away.
      // What the pet and the appointment take from the hold (names, practice, reason) never changes.
      const petId = await registerNewPet(
        tx,
        client.clientId,
        { name: found.petName, speciesId: found.speciesId, sex: body.petSex },
        deps.caps.newPetsPerDay,
      );
      await assertRoomToBook(tx, deps.caps, { clientId: client.clientId, pet: null }, now);
      const diary = await openDiary(tx, { clinicianId, clock: () => now });
      const hold = await guestHolds.find(tx, id, true);
      assertActionable(hold);
      assertRecent(hold, now);
      // The price of the appointment's day for the guest's animal (issue 62), kept on it.
      const price = await quotePrice(tx, {
        practiceId: found.practiceId,
        reasonId: found.reasonId,
        startsAt,
        speciesCode: await speciesCodeOf(tx, found.speciesId),
      });
      const appointment = await diary.convertHold(
        id,
        {
          practiceId: found.practiceId,
          clinicianId,
          clientId: client.clientId,
          petId,
          reasonId: found.reasonId,
          startsAt,
          endsAt,
          ...quotedColumns(price),
        },
        keepsItsTime,
      );
      const appointmentId = appointment.id;
      await guestHolds.update(tx, id, { status: 'Converted', convertedAppointmentId: appointmentId });
      // The practice system hears of it as a completed hold rather than a booking (decision 0067).
      await recordPracticeEvent(tx, 'guest_hold.completed', {
        ...appointmentEventData(appointment),
        hold_id: id,
      });
      await enqueueBookedEmail(tx, deps, context, {
        ...emailFacts(context, booker, appointmentId, startsAt, now),
        petName: hold.petName,
        price,
      });
      return appointmentId;
    });

  const booked = async (appointmentId: number): Promise<CompletionOutcome> => {
    const record = await deps.appointments.findRecord(client.clientId, appointmentId);
    if (!record) throw new Error('completed appointment not found');
    return { kind: 'booked', appointment: toDetail(record) };
  };

  const candidates = keepsItsTime
    ? [found.clinicianId]
    : (await freeAt(deps, context, booker, found, startsAt)).clinicianIds;
  for (const clinicianId of candidates) {
    try {
      return await booked(await convert(clinicianId));
    } catch (error) {
      if (refusalOf(error) === 'taken') continue;
      throw error;
    }
  }
  const { nearest } = await freeAt(deps, context, booker, found, startsAt);
  // Read again: the practice may have given the time away while this ran (decision 0063).
  const latest = (await guestHolds.find(deps.db, id)) ?? found;
  const message = !ownTime
    ? bookingMessages.slotTaken
    : isGivenAway(latest)
      ? guestMessages.holdGivenAway
      : guestMessages.slotGone;
  return { kind: 'taken', message, alternatives: nearest };
}

/**
 * The clinicians free at a start by the slot search's rules now (the hold's own time counting as free),
 * its own clinician first, and the nearest other free starts.
 */
async function freeAt(
  deps: CompletionDeps,
  context: ReadyContext,
  booker: Booker,
  hold: HoldRecord,
  startsAt: Date,
) {
  const { all, nearest } = await nearestSlots(deps, context, booker, startsAt, {
    existingSoftBookingId: hold.id,
  });
  const free = all.find((candidate) => candidate.startsAt === startsAt.getTime())?.clinicianIds ?? [];
  const clinicianIds = free.includes(hold.clinicianId)
    ? [hold.clinicianId, ...free.filter((clinicianId) => clinicianId !== hold.clinicianId)]
    : free;
  return { clinicianIds, nearest };
}
