import type { Executor } from '@vet/db/connection';
import { clinicianReservations } from '@vet/db/schema/appointments';
import { eq } from 'drizzle-orm';

/**
 * What test fixtures write a clinician's time through, beside the production functions (reserve,
 * holdTime): a hold's reservation made to run out, as time passing would. Tests only.
 */

/** A hold's reservation given this expiry (a past one: the hold's time has run out). */
export async function setHoldExpiry(db: Executor, holdId: string, expiresAt: Date): Promise<void> {
  await db
    .update(clinicianReservations)
    .set({ holdExpiresAt: expiresAt })
    .where(eq(clinicianReservations.softBookingId, holdId));
}

/** A pg pool or client: the e2e tests' connection. */
export interface Queryable {
  query(text: string, values: unknown[]): Promise<unknown>;
}

/** A hold's reservation run out a minute ago by the database's clock. */
export async function expireHoldReservation(pool: Queryable, softBookingId: string): Promise<void> {
  await pool.query(
    "update clinician_reservations set hold_expires_at = now() - interval '1 minute' where soft_booking_id = $1",
    [softBookingId],
  );
}
