import { bookingMessages } from '@vet/contracts/appointment-booking';
import type { VisitDetail } from '@vet/contracts/appointment-visits';
import { endEarlierTimeRequests } from '@vet/clinician-time/earlier-time-requests';
import { conflict, notFound } from '../../platform/index.ts';
import { toDetail } from './appointment-records.ts';
import type { Booker, BookingDeps } from './book-appointment.ts';
import { assertCancellationReason, cancelBooked } from './cancel-writes.ts';
import { announceFreed, assertChangeable, spanOf } from './change-appointment.ts';
import { enqueueVisitChangeEmail } from './visit-emails.ts';

/** GET /appointment-visits/{visitId}: another client's visit answers exactly like a missing one. */
export async function getVisit(deps: BookingDeps, booker: Booker, visitId: string): Promise<VisitDetail> {
  const records = await deps.appointments.findVisit(booker.clientId, visitId);
  if (records.length === 0) throw notFound(bookingMessages.visitNotFound);
  return { visitId, appointments: records.map((record) => toDetail(record)) };
}

/**
 * Decision 0117: cancels every booked appointment of the visit in one transaction, under the rows' locks:
 * allowed until the visit's first start minus the cut-off, as one appointment is. Each appointment's time
 * is freed and the practice system gets its appointment.cancelled (with the visit's id); the client gets
 * one e-mail, whose CANCEL removes the visit's calendar entry.
 */
export async function cancelVisit(
  deps: BookingDeps,
  booker: Booker,
  visitId: string,
  reasonId: number,
): Promise<VisitDetail> {
  const freed = await deps.db.transaction(async (tx) => {
    const records = await deps.appointments.findVisit(booker.clientId, visitId, tx, true);
    if (records.length === 0) throw notFound(bookingMessages.visitNotFound);
    const booked = records.filter((record) => record.status === 'Booked');
    const [first] = booked;
    if (!first) throw conflict(bookingMessages.notChangeable);
    const now = deps.now();
    assertChangeable(first, now);
    await assertCancellationReason(tx, reasonId);
    for (const record of booked) await cancelBooked(tx, record.appointmentId, reasonId, now);
    await enqueueVisitChangeEmail(tx, deps, booker, booked, 'cancelled', now);
    // Decision 0086: their earlier-times requests end; their time and any time held for them are offered.
    const held = await endEarlierTimeRequests(
      tx,
      booked.map((record) => record.appointmentId),
      now,
    );
    return [...booked.map(spanOf), ...held];
  });
  await announceFreed(deps, freed);
  return getVisit(deps, booker, visitId);
}
