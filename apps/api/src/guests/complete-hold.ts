import type { AppointmentDetail, AppointmentSlot } from '@vet/contracts/appointment-booking';
import { guestMessages, type CompleteSoftBookingBody } from '@vet/contracts/guest-bookings';
import { enqueueEmail } from '@vet/email/enqueue-email';
import {
  appointmentEmail,
  databaseError,
  insertAppointment,
  isLostRace,
  lockClinician,
  releaseExpiredHolds,
  reserve,
  toDetail,
  emailFacts,
  type Booker,
  type BookingDeps,
  loadBookingContext,
  nearestSlots,
  type ReadyContext,
} from '../booking/index.ts';
import type { LinkedClient } from '../identity/index.ts';
import { insertPetRegisteredOnline } from '../pets/index.ts';
import { guestHolds, isHoldId, type HoldRecord } from './guest-holds-repository.ts';
import { assertActionable, guestSearcher } from './guest-holds.ts';

/** Completing a hold is a booking: it takes the booking's dependencies. */
export type CompletionDeps = BookingDeps;

export type CompletionOutcome =
  | { kind: 'booked'; appointment: AppointmentDetail }
  | { kind: 'taken'; message: string; alternatives: AppointmentSlot[] };

/**
 * POST /guest/soft-bookings/{id}/complete (R4.25): the signed-in, linked client holding the hold's id
 * turns it into their appointment, with a pet registered from the guest's answers, in ONE transaction
 * (pet, appointment, the reservation handed from the hold to the appointment, the hold marked Converted,
 * the confirmation e-mail): all or nothing. Whoever holds the id and is signed in may complete it (the id
 * is the guest's bearer token; decision 0022). A hold that expired is re-checked: its own reservation
 * still standing means nobody took the time; otherwise any free clinician at that start will do, and
 * when none is left the answer is 'taken' with the nearest free starts.
 */
export async function completeHold(
  deps: CompletionDeps,
  client: LinkedClient,
  id: string,
  body: CompleteSoftBookingBody,
): Promise<CompletionOutcome> {
  const found = isHoldId(id) ? await guestHolds.find(deps.db, id) : null;
  assertActionable(found);
  const booker: Booker = {
    clientId: client.clientId,
    allowed: client.onlineBookingAllowed,
    // The guest chose the practice before they had a home practice: the hold's practice stands.
    homePracticeId: null,
    firstName: client.firstName,
    email: client.email ?? found.email,
  };
  const context = await loadBookingContext(deps, booker, {
    practiceId: found.practiceId,
    appointmentReasonId: found.reasonId,
  });

  const convert = (clinicianId: number) =>
    deps.db.transaction(async (tx) => {
      const hold = await guestHolds.find(tx, id, true);
      assertActionable(hold);
      const now = deps.now();
      const { startsAt, endsAt } = hold;
      // The pet from the guest's answers, registered as online registration does.
      const petId = await insertPetRegisteredOnline(tx, client.clientId, {
        name: hold.petName,
        speciesId: hold.speciesId,
        sex: body.petSex,
      });
      const appointmentId = await insertAppointment(tx, {
        practiceId: hold.practiceId,
        clinicianId,
        clientId: client.clientId,
        petId,
        reasonId: hold.reasonId,
        startsAt,
        endsAt,
      });
      await lockClinician(tx, clinicianId);
      const handedOver = await guestHolds.reservationToAppointment(tx, id, clinicianId, appointmentId);
      if (!handedOver) {
        await guestHolds.releaseReservation(tx, id);
        await releaseExpiredHolds(tx, clinicianId, startsAt, endsAt, now);
        await reserve(tx, appointmentId, clinicianId, startsAt, endsAt);
      }
      await guestHolds.update(tx, id, { status: 'Converted', convertedAppointmentId: appointmentId });
      const facts = emailFacts(context, booker, appointmentId, startsAt, now);
      await enqueueEmail(
        tx,
        appointmentEmail({ ...facts, petName: hold.petName, change: 'booked', brandName: deps.brandName }),
      );
      return appointmentId;
    });

  const booked = async (appointmentId: number): Promise<CompletionOutcome> => {
    const record = await deps.appointments.findRecord(client.clientId, appointmentId);
    if (!record) throw new Error('completed appointment not found');
    return { kind: 'booked', appointment: toDetail(record) };
  };

  const candidates = [found.clinicianId, ...(await otherFreeClinicians(deps, context, found))];
  for (const clinicianId of candidates) {
    try {
      return await booked(await convert(clinicianId));
    } catch (error) {
      if (isLostRace(databaseError(error).code)) continue;
      throw error;
    }
  }
  const { nearest } = await nearestSlots(deps, context, booker, found.startsAt);
  return { kind: 'taken', message: guestMessages.slotGone, alternatives: nearest };
}

/** For an expired hold only: the other clinicians free at its start (its own is tried first anyway). */
async function otherFreeClinicians(deps: CompletionDeps, context: ReadyContext, hold: HoldRecord) {
  if (hold.status === 'Held' && hold.expiresAt > deps.now()) return [];
  const { all } = await nearestSlots(deps, context, guestSearcher, hold.startsAt, {
    existingSoftBookingId: hold.id,
  });
  const slot = all.find((candidate) => candidate.startsAt === hold.startsAt.getTime());
  return (slot?.clinicianIds ?? []).filter((clinicianId) => clinicianId !== hold.clinicianId);
}
