import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '@vet/db/connection';
import { clinicianReservations, softBookings } from '@vet/db/schema/appointments';
import type { FreedSpan } from './earlier-time-requests.ts';

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

/**
 * Guest holds (not offers) whose time ran out: Expired and their reservations deleted, as the e-mail
 * worker's expireGuestHolds does (each updates only rows still Held, so a hold is expired once), and the
 * spans of every guest hold that ran out since `since` (a few minutes back), whoever expired it, answered
 * to be offered. A span offered twice is held once: the second search finds the first's hold.
 */
export async function expireGuestHoldsFreeing(db: Database, now: Date, since: Date): Promise<FreedSpan[]> {
  const result = await db.execute<{
    practice_id: number;
    clinician_id: number;
    starts_at: string;
    ends_at: string;
  }>(sql`
    with expired as (
      update soft_bookings b set status = 'Expired'
      where b.status = 'Held' and b.expires_at <= ${now.toISOString()}::timestamptz
        and not exists (select 1 from earlier_time_offers o where o.soft_booking_id = b.id)
      returning b.id, b.practice_id, b.clinician_id, b.starts_at, b.ends_at
    ),
    gone as (delete from clinician_reservations r using expired where r.soft_booking_id = expired.id)
    select practice_id, clinician_id, starts_at, ends_at from expired
    union
    select b.practice_id, b.clinician_id, b.starts_at, b.ends_at from soft_bookings b
    where b.status = 'Expired'
      and b.expires_at > ${since.toISOString()}::timestamptz
      and b.expires_at <= ${now.toISOString()}::timestamptz
      and not exists (select 1 from earlier_time_offers o where o.soft_booking_id = b.id)`);
  return result.rows.map((row) => ({
    practiceId: Number(row.practice_id),
    clinicianId: Number(row.clinician_id),
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
  }));
}
