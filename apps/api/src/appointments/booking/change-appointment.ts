import {
  bookingMessages,
  type AmendAppointmentBody,
  type AppointmentDetail,
} from '@vet/contracts/appointment-booking';
import { appointments } from '@vet/db/schema/appointments';
import { eq } from 'drizzle-orm';
import { enqueueEmail } from '@vet/email/enqueue-email';
import { endEarlierTimeRequests, type FreedSpan } from '@vet/clinician-time/earlier-time-requests';
import { conflict, notFound } from '../../platform/index.ts';
import { amendedColumns, recordAmended } from './appointment-events.ts';
import { nextCalendarSequence } from './appointment-calendar.ts';
import { recordChangeEmail, type AppointmentChange } from './booking-emails.ts';
import { assertCancellationReason, cancelBooked } from './cancel-writes.ts';
import { openDiary, refusalOf } from './diary.ts';
import { storedQuote, toDetail, type AppointmentRecord } from './appointment-records.ts';
import type { Executor } from '@vet/db/connection';
import { timeNotFree, type Booker, type BookingDeps, type BookingOutcome } from './book-appointment.ts';
import { loadBookingContext, nearestSlots } from './slot-search.ts';
import { MINUTE_MS } from './slot-engine/types.ts';
import { quoteAt, quotedColumns } from './quoted-price.ts';
import type { FromPrice } from '@vet/contracts/practice-prices';
import { assertNoPaymentAsked } from './payment-asked.ts';

const notFoundAppointment = () => notFound('We could not find that appointment.');

/** R4.22: a booked appointment can be changed until its start minus the practice's cut-off. */
export function assertChangeable(record: AppointmentRecord, now: Date): void {
  if (record.status !== 'Booked') throw conflict(bookingMessages.notChangeable);
  if (now.getTime() > record.startsAt.getTime() - record.cutoffMinutes * MINUTE_MS) {
    throw conflict(bookingMessages.tooLateToChange);
  }
}

async function lockRecord(deps: BookingDeps, tx: Executor, booker: Booker, appointmentId: number) {
  const record = await deps.appointments.findRecord(booker.clientId, appointmentId, tx, true);
  if (!record) throw notFoundAppointment();
  assertChangeable(record, deps.now());
  return record;
}

async function confirm(
  deps: BookingDeps,
  tx: Executor,
  booker: Booker,
  record: AppointmentRecord,
  change: AppointmentChange,
  previousPrice?: FromPrice | null,
) {
  if (!booker.email) return;
  const client = { email: booker.email, firstName: booker.firstName };
  const calendarSequence = await nextCalendarSequence(tx, record.appointmentId);
  await enqueueEmail(
    tx,
    recordChangeEmail({ ...record, calendarSequence }, client, {
      change,
      brandName: deps.brandName,
      organizerEmail: deps.organizerEmail,
      portalUrl: deps.portalUrl,
      changedAt: deps.now(),
      // A moved appointment's e-mail carries a new link, which ends the earlier ones (decision 0095).
      manageUrl: change === 'cancelled' ? undefined : await deps.manageLinks?.renew(tx, record.appointmentId),
      // A move says its new quote, and what it was when that changed (issue 62).
      ...(change === 'amended' ? { price: storedQuote(record), previousPrice } : {}),
    }),
  );
}

async function reload(deps: BookingDeps, booker: Booker, appointmentId: number): Promise<AppointmentDetail> {
  const record = await deps.appointments.findRecord(booker.clientId, appointmentId);
  if (!record) throw notFoundAppointment();
  return toDetail(record);
}

/** GET /appointments/{id}: another client's appointment answers exactly like a missing one. */
export async function getAppointment(deps: BookingDeps, booker: Booker, appointmentId: number) {
  return reload(deps, booker, appointmentId);
}

export const spanOf = (record: AppointmentRecord): FreedSpan => ({
  practiceId: record.practiceId,
  clinicianId: record.clinicianId,
  startsAt: record.startsAt,
  endsAt: record.endsAt,
  freedBy: record.appointmentId,
});

/** Tells the earlier-times line of freed time; the change has committed, so a fault here is only logged. */
export async function announceFreed(deps: BookingDeps, spans: FreedSpan[]) {
  const changed = [...new Set(spans.flatMap((span) => (span.freedBy === undefined ? [] : [span.freedBy])))];
  // Each after the commit, on its own: a fault in one leaves the other's work done (and is only logged).
  const { appointmentsChanged, timeFreed } = deps;
  const after = [
    // A cancelled or moved appointment's deposit or hold is refunded, voided or kept now (decision 0158).
    appointmentsChanged && changed.length > 0 ? () => appointmentsChanged(changed) : null,
    timeFreed ? () => timeFreed(spans) : null,
  ];
  for (const run of after) {
    try {
      await run?.();
    } catch (error) {
      deps.onTimeFreedError?.(error);
    }
  }
}

/**
 * PATCH /appointments/{id}/cancel: frees the time, keeps the record, e-mails the cancellation and tells
 * the practice system (appointment.cancelled), all in one transaction. `stillAllowed` runs under the
 * appointment's lock and may refuse (the manage link checks it has not ended meanwhile: decision 0095).
 */
export async function cancelAppointment(
  deps: BookingDeps,
  booker: Booker,
  appointmentId: number,
  reasonId: number,
  stillAllowed?: (tx: Executor) => Promise<void>,
): Promise<AppointmentDetail> {
  const freed = await deps.db.transaction(async (tx) => {
    const record = await lockRecord(deps, tx, booker, appointmentId);
    await stillAllowed?.(tx);
    await assertCancellationReason(tx, reasonId);
    const now = deps.now();
    await cancelBooked(tx, record.appointmentId, reasonId, now);
    await confirm(deps, tx, booker, record, 'cancelled');
    // Decision 0086: its earlier-times request ends; its time and any time held for it are offered.
    const held = await endEarlierTimeRequests(tx, [record.appointmentId], now);
    return [spanOf(record), ...held];
  });
  await announceFreed(deps, freed);
  return reload(deps, booker, appointmentId);
}

/**
 * POST /appointments/{id}: moves the appointment to a new start (and reason, if given) atomically. The
 * search counts its own time as free; the move is one UPDATE of its reservation (appointment-writes.ts),
 * so the new time is held before the old is released, in one transaction with the e-mail and the practice
 * system's appointment.amended event.
 */
export async function amendAppointment(
  deps: BookingDeps,
  booker: Booker,
  appointmentId: number,
  body: AmendAppointmentBody,
): Promise<BookingOutcome> {
  const current = await deps.appointments.findRecord(booker.clientId, appointmentId);
  if (!current) throw notFoundAppointment();
  assertChangeable(current, deps.now());
  // Decision 0117: a visit's appointments stay back to back; the visit moves as one.
  if (current.visitId !== null) throw conflict(bookingMessages.visitMovesTogether);
  const context = await loadBookingContext(deps, booker, {
    practiceId: current.practiceId,
    appointmentReasonId: body.appointmentReasonId ?? current.appointmentReasonId,
    petId: current.petId,
    clinicianId: body.clinicianId,
  });
  if (context.reason.appointmentReasonId !== current.appointmentReasonId) {
    await assertNoPaymentAsked(deps.paymentAsked, {
      clientId: booker.clientId,
      practiceId: current.practiceId,
      reasonId: context.reason.appointmentReasonId,
      appointmentId,
    });
  }
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(startsAt.getTime() + context.reason.durationMinutes * MINUTE_MS);
  const options = { existingAppointmentId: appointmentId };
  const { all, nearest } = await nearestSlots(deps, context, booker, startsAt, options);
  const slot = all.find((candidate) => candidate.startsAt === startsAt.getTime());
  if (!slot) {
    return timeNotFree(deps, booker.clientId, current, { startsAt, endsAt }, nearest, appointmentId);
  }

  // The same clinician first: a small move keeps the client with whom they booked.
  const candidates = [...slot.clinicianIds].sort(
    (a, b) => Number(b === current.clinicianId) - Number(a === current.clinicianId),
  );
  for (const clinicianId of candidates) {
    try {
      const freed = await deps.db.transaction(async (tx) => {
        // Advisory locks before the row (decision 0063): a practice booking holding the clinician's lock
        // may be flagging this very appointment.
        const diary = await openDiary(tx, { clinicianId, petId: current.petId, clock: deps.now });
        const record = await lockRecord(deps, tx, booker, appointmentId);
        await diary.moveAppointment(appointmentId, { startsAt, endsAt });
        // Re-quoted for the new day and reason (issue 62); the quote before it is kept for the e-mail.
        const price = await quoteAt(tx, context, startsAt);
        const previous = { ...record, reasonId: record.appointmentReasonId };
        const [amended] = await tx
          .update(appointments)
          .set({
            clinicianId,
            chosenClinicianId: context.chosenClinicianId, // named now; for any vet, kept (decision 0141)
            reasonId: context.reason.appointmentReasonId,
            startsAt,
            endsAt,
            // Moved by its client, a flagged appointment no longer overlaps the practice's booking.
            flaggedAt: null,
            updatedAt: deps.now(),
            ...quotedColumns(price),
          })
          .where(eq(appointments.id, appointmentId))
          .returning(amendedColumns(previous));
        await recordAmended(tx, amended!, previous);
        const moved = {
          ...record,
          ...amended!, // its new time, and the clinician's name as the client may read it now
          reasonName: context.reason.name,
          clinicianType: context.reason.clinicianType,
          ...quotedColumns(price),
        };
        await confirm(deps, tx, booker, moved, 'amended', storedQuote(record));
        // Decision 0086: moved earlier, its earlier-times request has done its work and ends.
        const held =
          startsAt.getTime() < record.startsAt.getTime()
            ? await endEarlierTimeRequests(tx, [appointmentId], deps.now())
            : [];
        return [spanOf(record), ...held];
      });
      await announceFreed(deps, freed);
      return { kind: 'booked', appointment: await reload(deps, booker, appointmentId) };
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal === 'petBusy') return { kind: 'petBusy', petName: current.petName };
      if (refusal === 'taken') continue;
      throw error;
    }
  }
  const fresh = await nearestSlots(deps, context, booker, startsAt, options);
  return { kind: 'taken', alternatives: fresh.nearest };
}
