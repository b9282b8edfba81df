import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Database } from '@vet/db/connection';
import { clinicianReservations, softBookings } from '@vet/db/schema/appointments';

/**
 * Decision 0022: marks the guest holds whose time has run out as Expired and deletes their reservations,
 * in one transaction. Nothing depends on it for correctness: the slot search ignores an expired hold's
 * reservation and booking deletes one in its way (decision 0003); this keeps the table small and the
 * statuses true. A hold extended or completed meanwhile is left alone: the UPDATE re-reads each row it
 * waited for and skips one no longer Held and expired. Returns how many holds it expired.
 */
export async function expireGuestHolds(db: Database, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(softBookings)
      .set({ status: 'Expired' })
      .where(and(eq(softBookings.status, 'Held'), lte(softBookings.expiresAt, now)))
      .returning({ id: softBookings.id });
    if (expired.length === 0) return 0;
    await tx.delete(clinicianReservations).where(
      inArray(
        clinicianReservations.softBookingId,
        expired.map((row) => row.id),
      ),
    );
    return expired.length;
  });
}
