import { rowExists } from '@vet/db/row-exists';
import { appointments } from '@vet/db/schema/appointments';
import { cancellationReasons } from '@vet/db/schema/lookups';
import type { Executor } from '@vet/db/connection';
import { releaseReservation } from '@vet/clinician-time/online-reservations';
import { eq } from 'drizzle-orm';
import { badRequest } from '../../platform/index.ts';
import { appointmentEventColumns, recordCancelled } from './appointment-events.ts';

/** A client's cancellation names a reason from the list (a 400 on the field otherwise). */
export async function assertCancellationReason(tx: Executor, reasonId: number): Promise<void> {
  if (!(await rowExists(tx, cancellationReasons, reasonId))) {
    const message = 'Choose a cancellation reason from the list.';
    throw badRequest(message, [{ path: 'reasonId', message }]);
  }
}

/**
 * Cancels one booked appointment in the caller's transaction: the record is kept with its reason (none
 * where the lists lack it), its time is freed and the practice system gets its appointment.cancelled.
 */
export async function cancelBooked(
  tx: Executor,
  appointmentId: number,
  reasonId: number | null,
  now: Date,
): Promise<void> {
  const [cancelled] = await tx
    .update(appointments)
    .set({
      status: 'Cancelled',
      cancellationReasonId: reasonId,
      cancelledAt: now,
      cancelledBy: 'client',
      updatedAt: now,
    })
    .where(eq(appointments.id, appointmentId))
    .returning(appointmentEventColumns);
  await releaseReservation(tx, appointmentId);
  await recordCancelled(tx, cancelled!, now);
}
