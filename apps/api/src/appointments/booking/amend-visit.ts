import { bookingMessages } from '@vet/contracts/appointment-booking';
import type { AmendVisitBody } from '@vet/contracts/appointment-visits';
import { endEarlierTimeRequests } from '@vet/clinician-time/earlier-time-requests';
import { releaseExpiredHolds, releaseReservation, reserve } from '@vet/clinician-time/online-reservations';
import { appointments } from '@vet/db/schema/appointments';
import { eq } from 'drizzle-orm';
import { conflict, notFound } from '../../platform/index.ts';
import { amendedColumns, recordAmended } from './appointment-events.ts';
import type { Executor } from './appointment-records.ts';
import type { Booker, BookingDeps } from './book-appointment.ts';
import { petContext, timeNotFree, type VisitOutcome } from './book-visit.ts';
import { lockClinician, lockForBooking, lockPet } from './booking-writes.ts';
import { getVisit } from './cancel-visit.ts';
import { announceFreed, assertChangeable, spanOf } from './change-appointment.ts';
import { refusalOf } from './diary.ts';
import { MINUTE_MS } from './slot-engine/types.ts';
import { forVisit, nearestSlots, type ReadyContext } from './slot-search.ts';
import { enqueueVisitChangeEmail } from './visit-emails.ts';
import type { PetQuote } from './booking-emails.ts';
import { quotePrice, quotedColumns } from './quoted-price.ts';
import { storedQuote } from './appointment-records.ts';

/** The visit's booked appointments, first to last; a visit with none left booked cannot change. */
async function bookedOf(deps: BookingDeps, booker: Booker, visitId: string, tx?: Executor) {
  const records = await deps.appointments.findVisit(
    booker.clientId,
    visitId,
    tx ?? deps.db,
    tx !== undefined,
  );
  if (records.length === 0) throw notFound(bookingMessages.visitNotFound);
  const booked = records.filter((record) => record.status === 'Booked');
  const [first] = booked;
  if (!first) throw conflict(bookingMessages.notChangeable);
  assertChangeable(first, deps.now());
  return booked;
}

/**
 * Decision 0117: moves the whole visit to a new start, its pets in the same order, back to back with one
 * clinician (the current one first, or the vet the client names: decision 0101). The search counts the visit's own time as free. In one transaction,
 * under the client's, the pets' and the clinician's locks: the visit's reservations are deleted and its new
 * ones inserted (moving one at a time would collide with the visit's own next reservation), so a refusal
 * by the exclusion constraint rolls back to the old times, never seen free by anyone else. Each
 * appointment gets its appointment.amended event; the client one e-mail updating the calendar entry.
 */
export async function amendVisit(
  deps: BookingDeps,
  booker: Booker,
  visitId: string,
  body: AmendVisitBody,
): Promise<VisitOutcome> {
  const current = await bookedOf(deps, booker, visitId);
  const contexts: ReadyContext[] = [];
  for (const record of current) {
    const visit = {
      practiceId: record.practiceId,
      appointmentReasonId: record.appointmentReasonId,
      clinicianId: body.clinicianId,
    };
    contexts.push(await petContext(deps, booker, visit, record.petId));
  }
  const lead = contexts[0]!;
  const visitContext = forVisit(lead, contexts.length);
  const startsAt = new Date(body.startsAt);
  const durationMs = lead.reason.durationMinutes * MINUTE_MS;
  const moving = { visitId, appointmentIds: current.map((record) => record.appointmentId) };
  const { all } = await nearestSlots(deps, visitContext, booker, startsAt, { existingVisitId: visitId });
  const slot = all.find((candidate) => candidate.startsAt === startsAt.getTime());
  if (!slot) return timeNotFree(deps, booker, contexts, visitContext, startsAt, durationMs, moving);

  const clinicianNow = current[0]!.clinicianId;
  const candidates = [...slot.clinicianIds].sort(
    (a, b) => Number(b === clinicianNow) - Number(a === clinicianNow),
  );
  for (const clinicianId of candidates) {
    try {
      const freed = await deps.db.transaction(async (tx) => {
        const now = deps.now();
        await lockForBooking(tx, { clientId: booker.clientId, petId: null, clinicianId: null });
        for (const petId of current.map((record) => record.petId).sort((a, b) => a - b))
          await lockPet(tx, petId);
        await lockClinician(tx, clinicianId);
        const records = await bookedOf(deps, booker, visitId, tx);
        if (records.length !== current.length) throw conflict(bookingMessages.notChangeable);
        for (const record of records) await releaseReservation(tx, record.appointmentId);
        await releaseExpiredHolds(
          tx,
          clinicianId,
          startsAt,
          new Date(startsAt.getTime() + durationMs * records.length),
          now,
        );
        const moved = [];
        const petPrices: PetQuote[] = [];
        for (const [index, record] of records.entries()) {
          const petStartsAt = new Date(startsAt.getTime() + index * durationMs);
          const petEndsAt = new Date(petStartsAt.getTime() + durationMs);
          // Each appointment re-quoted for its new day (issue 62).
          const price = await quotePrice(tx, {
            practiceId: record.practiceId,
            reasonId: record.appointmentReasonId,
            startsAt: petStartsAt,
            speciesCode: contexts[index]?.pet?.speciesCode ?? null,
          });
          petPrices.push({ petName: record.petName, price, previousPrice: storedQuote(record) });
          await reserve(tx, record.appointmentId, clinicianId, petStartsAt, petEndsAt);
          const previous = { ...record, reasonId: record.appointmentReasonId };
          const [amended] = await tx
            .update(appointments)
            .set({
              clinicianId,
              // As one appointment's move: a vet named now is the choice (decision 0141).
              chosenClinicianId: lead.chosenClinicianId,
              startsAt: petStartsAt,
              endsAt: petEndsAt,
              flaggedAt: null,
              updatedAt: now,
              ...quotedColumns(price),
            })
            .where(eq(appointments.id, record.appointmentId))
            .returning(amendedColumns(previous));
          await recordAmended(tx, amended!, previous);
          moved.push({
            ...record,
            startsAt: petStartsAt,
            endsAt: petEndsAt,
            clinicianName: amended!.clinicianName,
          });
        }
        await enqueueVisitChangeEmail(tx, deps, booker, moved, 'amended', now, petPrices);
        // Decision 0086: moved earlier, the visit's earlier-times requests have done their work and end.
        const earlier = startsAt.getTime() < records[0]!.startsAt.getTime();
        const held = earlier ? await endEarlierTimeRequests(tx, moving.appointmentIds, now) : [];
        return [...records.map(spanOf), ...held];
      });
      await announceFreed(deps, freed);
      return { kind: 'booked', visit: await getVisit(deps, booker, visitId) };
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal === 'petBusy')
        return timeNotFree(deps, booker, contexts, visitContext, startsAt, durationMs, moving);
      if (refusal === 'taken') continue;
      throw error;
    }
  }
  const { nearest } = await nearestSlots(deps, visitContext, booker, startsAt, { existingVisitId: visitId });
  return { kind: 'taken', alternatives: nearest };
}
