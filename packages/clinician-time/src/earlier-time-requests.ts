import { sql } from 'drizzle-orm';
import type { Executor } from '@vet/db/connection';

/** A time an ended offer held, free again for the next in line. */
export interface FreedSpan {
  practiceId: number;
  clinicianId: number;
  startsAt: Date;
  endsAt: Date;
  /** The appointment that gave the time up (moved or cancelled): never offered its own old time. */
  freedBy?: number;
}

/**
 * Decision 0086: ends the live earlier-time requests of these appointments (cancelled, moved earlier or
 * taken elsewhere), in the caller's transaction. A request's live offer ends with it: its hold (a soft
 * booking) is released and its reservation deleted, and the held time is answered, to be offered to the
 * next in line once the transaction commits.
 */
export async function endEarlierTimeRequests(
  tx: Executor,
  appointmentIds: readonly number[],
  now: Date,
): Promise<FreedSpan[]> {
  if (appointmentIds.length === 0) return [];
  const ids = `{${appointmentIds.map((id) => Math.trunc(id)).join(',')}}`;
  const rows = await tx.execute<{
    practice_id: number;
    clinician_id: number;
    starts_at: string | Date;
    ends_at: string | Date;
  }>(sql`
    with ended as (
      update earlier_time_requests set status = 'Ended', ended_at = ${now.toISOString()}::timestamptz
      where appointment_id = any(${ids}::int[]) and status in ('Waiting', 'Offered')
      returning id
    ),
    lapsed as (
      update earlier_time_offers o set status = 'Lapsed'
      from ended where o.request_id = ended.id and o.status = 'Offered'
      returning o.soft_booking_id
    ),
    released as (
      update soft_bookings b set status = 'Released'
      from lapsed where b.id = lapsed.soft_booking_id and b.status = 'Held'
      returning b.id, b.practice_id, b.clinician_id, b.starts_at, b.ends_at, b.expires_at
    ),
    freed as (
      delete from clinician_reservations r using released where r.soft_booking_id = released.id
    )
    select practice_id, clinician_id, starts_at, ends_at from released
    where expires_at > ${now.toISOString()}::timestamptz`);
  return rows.rows.map((row) => ({
    practiceId: Number(row.practice_id),
    clinicianId: Number(row.clinician_id),
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
  }));
}
