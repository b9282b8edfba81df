import type { AppointmentDetail } from '@vet/contracts/appointment-booking';
import { earlierTimeOfferMessages, type EarlierTimeOffer } from '@vet/contracts/earlier-times';
import type { Database, Executor } from '@vet/db/connection';
import { appointments, softBookings } from '@vet/db/schema/appointments';
import { clients, pets } from '@vet/db/schema/clients';
import { earlierTimeOffers, earlierTimeRequests } from '@vet/db/schema/earlier-times';
import { appointmentReasons } from '@vet/db/schema/lookups';
import { practices } from '@vet/db/schema/practices';
import { enqueueEmail } from '@vet/email/enqueue-email';
import { and, eq } from 'drizzle-orm';
import {
  amendedColumns,
  nextCalendarSequence,
  openDiary,
  recordAmended,
  petSpeciesCode,
  quotePrice,
  quotedColumns,
  recordChangeEmail,
  refusalOf,
  storedQuote,
  toDetail,
} from '../booking/index.ts';
import { conflict, notFound } from '../../platform/index.ts';
import { earlierTimeMessages, hashToken, type EarlierTimesDeps } from './earlier-times-common.ts';
import { offerFreedTime } from './offer-freed-time.ts';
import { withPetPracticeAndReason } from '../../clients/index.ts';

const offerColumns = {
  offerId: earlierTimeOffers.id,
  status: earlierTimeOffers.status,
  clinicianId: earlierTimeOffers.clinicianId,
  softBookingId: earlierTimeOffers.softBookingId,
  offeredStartsAt: earlierTimeOffers.startsAt,
  offeredEndsAt: earlierTimeOffers.endsAt,
  expiresAt: earlierTimeOffers.expiresAt,
  requestId: earlierTimeRequests.id,
  appointmentId: appointments.id,
  clientId: appointments.clientId,
  petId: appointments.petId,
  appointmentStatus: appointments.status,
  startsAt: appointments.startsAt,
  petName: pets.name,
  reasonName: appointmentReasons.name,
  clinicianType: appointmentReasons.clinicianType,
  practiceName: practices.name,
  holdStatus: softBookings.status,
  holdDisplacedAt: softBookings.displacedAt,
};

async function openOffer(deps: EarlierTimesDeps, executor: Executor | Database, token: string, lock = false) {
  const query = withPetPracticeAndReason(
    executor
      .select(offerColumns)
      .from(earlierTimeOffers)
      .innerJoin(earlierTimeRequests, eq(earlierTimeRequests.id, earlierTimeOffers.requestId))
      .innerJoin(appointments, eq(appointments.id, earlierTimeRequests.appointmentId))
      .innerJoin(softBookings, eq(softBookings.id, earlierTimeOffers.softBookingId))
      .where(eq(earlierTimeOffers.tokenHash, hashToken(token)))
      .$dynamic(),
  );
  const [row] = lock ? await query.for('update', { of: earlierTimeOffers }) : await query;
  const now = deps.now().getTime();
  // A hold a practice booking displaced (decision 0063) is Released and its offer ended: the page says so.
  if (row && row.holdDisplacedAt !== null) {
    throw notFound(earlierTimeOfferMessages.givenAway);
  }
  if (
    !row ||
    row.status !== 'Offered' ||
    row.holdStatus !== 'Held' ||
    row.expiresAt.getTime() <= now ||
    row.appointmentStatus !== 'Booked'
  ) {
    throw notFound(earlierTimeMessages.offerNotOpen);
  }
  return row;
}

export interface EarlierTimeOfferView {
  petName: string;
  reasonName: string;
  clinicianType: EarlierTimeOffer['clinicianType'];
  practiceName: string;
  currentStartsAt: string;
  offeredStartsAt: string;
  offeredEndsAt: string;
  heldUntil: string;
}

/** POST /earlier-time-offer: what the offer's page shows; reading it changes nothing (decision 0059). */
export async function readOffer(deps: EarlierTimesDeps, token: string): Promise<EarlierTimeOfferView> {
  const row = await openOffer(deps, deps.db, token);
  return {
    petName: row.petName,
    reasonName: row.reasonName,
    clinicianType: row.clinicianType,
    practiceName: row.practiceName,
    currentStartsAt: row.startsAt.toISOString(),
    offeredStartsAt: row.offeredStartsAt.toISOString(),
    offeredEndsAt: row.offeredEndsAt.toISOString(),
    heldUntil: row.expiresAt.toISOString(),
  };
}

/**
 * POST /earlier-time-offer/take: the one press. In one transaction, behind the pet's and the clinician's
 * locks: the offer (still open) taken, its hold converted and its time released, the appointment moved
 * onto the time in the clinician's diary (as an amendment is: the constraint checks it), the
 * appointment moved, its appointment.amended event and its changed-time e-mail, the request Taken. The
 * old time is then offered to the line.
 */
export async function takeOffer(deps: EarlierTimesDeps, token: string): Promise<AppointmentDetail> {
  const first = await openOffer(deps, deps.db, token);
  const now = deps.now();
  const result = await deps.db
    .transaction(async (tx) => {
      const diary = await openDiary(tx, {
        clinicianId: first.clinicianId,
        petId: first.petId,
        clock: () => now,
      });
      const offer = await openOffer(deps, tx, token, true);
      const record = await deps.appointments.findRecord(offer.clientId, offer.appointmentId, tx, true);
      if (!record || record.status !== 'Booked') throw notFound(earlierTimeMessages.offerNotOpen);
      // Still Held as it is converted: a release that committed while this waited for the row (the
      // minute's expiry, a desk booking) wins, and the press takes nothing.
      const converted = await tx
        .update(softBookings)
        .set({ status: 'Converted', convertedAppointmentId: offer.appointmentId })
        .where(and(eq(softBookings.id, offer.softBookingId), eq(softBookings.status, 'Held')))
        .returning({ id: softBookings.id });
      if (converted.length === 0) throw notFound(earlierTimeMessages.offerNotOpen);
      await diary.releaseHold(offer.softBookingId);
      await diary.moveAppointment(offer.appointmentId, {
        startsAt: offer.offeredStartsAt,
        endsAt: offer.offeredEndsAt,
      });
      // Moved online: re-quoted for its new day (issue 62), as a client's own move is.
      const price = await quotePrice(tx, {
        practiceId: record.practiceId,
        reasonId: record.appointmentReasonId,
        startsAt: offer.offeredStartsAt,
        speciesCode: await petSpeciesCode(tx, record.petId),
      });
      const previous = { ...record, reasonId: record.appointmentReasonId };
      const [amended] = await tx
        .update(appointments)
        .set({
          clinicianId: offer.clinicianId,
          startsAt: offer.offeredStartsAt,
          endsAt: offer.offeredEndsAt,
          flaggedAt: null,
          updatedAt: now,
          ...quotedColumns(price),
        })
        .where(eq(appointments.id, offer.appointmentId))
        .returning(amendedColumns(previous));
      await recordAmended(tx, amended!, previous);
      await tx
        .update(earlierTimeOffers)
        .set({ status: 'Taken' })
        .where(eq(earlierTimeOffers.id, offer.offerId));
      await tx
        .update(earlierTimeRequests)
        .set({ status: 'Taken', endedAt: now })
        .where(eq(earlierTimeRequests.id, offer.requestId));
      const [client] = await tx
        .select({ email: clients.email, firstName: clients.firstName })
        .from(clients)
        .where(eq(clients.id, offer.clientId));
      if (client?.email) {
        const calendarSequence = await nextCalendarSequence(tx, offer.appointmentId);
        const moved = {
          ...record,
          startsAt: offer.offeredStartsAt,
          endsAt: offer.offeredEndsAt,
          // Another clinician's time names nobody (decision 0141).
          clinicianName: amended!.clinicianName,
          calendarSequence,
        };
        await enqueueEmail(
          tx,
          recordChangeEmail(
            moved,
            { email: client.email, firstName: client.firstName },
            {
              change: 'amended',
              brandName: deps.brandName,
              organizerEmail: deps.organizerEmail,
              portalUrl: deps.portalUrl,
              changedAt: now,
              // Moved: a new link, which ends the earlier ones (decision 0095).
              manageUrl: await deps.manageLinks?.renew(tx, offer.appointmentId),
              price,
              previousPrice: storedQuote(record),
            },
          ),
        );
      }
      return {
        clientId: offer.clientId,
        freed: {
          practiceId: record.practiceId,
          clinicianId: record.clinicianId,
          startsAt: record.startsAt,
          endsAt: record.endsAt,
        },
      };
    })
    .catch((error: unknown) => {
      if (refusalOf(error)) throw conflict(earlierTimeMessages.offerNotOpen);
      throw error;
    });
  await offerFreedTime(deps, result.freed);
  const detail = await deps.appointments.findRecord(result.clientId, first.appointmentId);
  return toDetail(detail!);
}
