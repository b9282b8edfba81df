import { bookingMessages } from '@vet/contracts/appointment-booking';
import type { VisitDetail } from '@vet/contracts/appointment-visits';
import { endEarlierTimeRequests } from '@vet/db/earlier-time-requests';
import { rowExists } from '@vet/db/row-exists';
import { appointments } from '@vet/db/schema/appointments';
import { cancellationReasons } from '@vet/db/schema/lookups';
import { eq } from 'drizzle-orm';
import { badRequest, conflict, notFound } from '../../platform/index.ts';
import { appointmentEventColumns, recordCancelled } from './appointment-events.ts';
import { toDetail } from './appointment-records.ts';
import type { Booker, BookingDeps } from './book-appointment.ts';
import { releaseReservation } from './booking-writes.ts';
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
    if (!(await rowExists(tx, cancellationReasons, reasonId))) {
      const message = 'Choose a cancellation reason from the list.';
      throw badRequest(message, [{ path: 'reasonId', message }]);
    }
    for (const record of booked) {
      const [cancelled] = await tx
        .update(appointments)
        .set({ status: 'Cancelled', cancellationReasonId: reasonId, cancelledAt: now, updatedAt: now })
        .where(eq(appointments.id, record.appointmentId))
        .returning(appointmentEventColumns);
      await releaseReservation(tx, record.appointmentId);
      await recordCancelled(tx, cancelled!, now);
    }
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
