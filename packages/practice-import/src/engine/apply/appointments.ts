import { sql } from 'drizzle-orm';
import { makeRoomForPracticeBookings } from '@vet/clinician-time/practice-lane';
import {
  releaseRewrittenReservations,
  reserveWrittenAppointments,
} from '@vet/clinician-time/practice-bookings';
import type { Session } from '../session.ts';
import { withoutRowTriggers } from './row-triggers.ts';
import { refreshFingerprints, upsertSql } from './upsert.ts';

const resolved = `stage_appointments s
  join practices p on p.pms_ref = s.practice_ref
  join clinicians c on c.pms_ref = s.clinician_ref
  join clients cl on cl.pms_ref = s.client_ref
  join pets pt on pt.pms_ref = s.pet_ref
  join appointment_reasons r on r.pms_ref = s.reason_ref`;

/** The upsert of appointments, less what it writes on an update (below). */
const upsert = {
  table: 'appointments',
  from: resolved,
  ref: 'appointment_ref',
  columns: [
    { name: 'practice_id', value: 'p.id' },
    { name: 'clinician_id', value: 'c.id' },
    { name: 'client_id', value: 'cl.id' },
    { name: 'pet_id', value: 'pt.id' },
    { name: 'reason_id', value: 'r.id' },
    { name: 'starts_at', value: 's.starts_at' },
    { name: 'ends_at', value: 's.ends_at' },
    { name: 'status', value: 's.status::appointment_status' },
    { name: 'notes', value: 's.notes' },
    { name: 'notes_for_client', value: 's.notes_for_client' },
  ],
  onInsert: [{ name: 'source', value: `'Practice'` }],
  fingerprinted: true,
};

/**
 * Appointments the practice's system booked (source Practice on insert; a stored appointment keeps its
 * source). A Booked one that has not ended is busy time from the moment it is stored: its reservation is
 * in the practice's lane (decision 0063), written after the practice lane made room for it (guest holds
 * released, online appointments in the way flagged). Cancelled, Completed and NoShow hold no reservation;
 * a Completed initial consultation ends its pet's "awaiting initial consultation".
 */
export async function applyAppointments(session: Session): Promise<number> {
  const [clock] = await session.query<{ now: Date }>('select now() as now');
  await makeRoomForPracticeBookings(
    session.db,
    // Only bookings whose time is new: one stored as it stands made its room when it was stored. The
    // reference names the booking in the events of the online appointments it flags (decision 0067).
    sql.raw(`select c.id as clinician_id, s.starts_at, s.ends_at, pt.id as pet_id, a.id as appointment_id,
       s.appointment_ref
       from ${resolved} left join appointments a on a.pms_ref = s.appointment_ref
      where not s.refused and not s.unchanged and s.status = 'Booked' and s.ends_at > now()
        and (a.id is null or (a.status, a.clinician_id, a.pet_id, a.starts_at, a.ends_at)
                             is distinct from ('Booked', c.id, pt.id, s.starts_at, s.ends_at))`),
    clock?.now ?? new Date(),
  );
  await session.query(`create temporary table written_appointments (
    id integer, clinician_id integer, pet_id integer, reason_id integer, starts_at timestamptz,
    ends_at timestamptz, status appointment_status, inserted boolean) on commit drop`);
  await refreshFingerprints(session, upsert);
  const [row] = await withoutRowTriggers(session, () =>
    session.query<{ n: number }>(`with written as (${upsertSql({
      ...upsert,
      onUpdate: [
        { name: 'updated_at', value: 'now()' },
        // The portal learns of a cancellation now; a cancellation that is undone keeps no trace of it.
        {
          name: 'cancelled_at',
          value: `case when excluded.status = 'Cancelled' then coalesce(t.cancelled_at, now()) end`,
        },
        {
          name: 'cancellation_reason_id',
          value: `case when excluded.status = 'Cancelled' then t.cancellation_reason_id end`,
        },
      ],
      returning: 'id, clinician_id, pet_id, reason_id, starts_at, ends_at, status, (xmax = 0) as inserted',
    })}),
    -- Only what has something left to do: an update (its old reservation), a booking, an initial
    -- consultation completed.
    kept as (insert into written_appointments select * from written
              where not inserted or status = 'Booked'
                 or (status = 'Completed' and reason_id in (select id from appointment_reasons where is_initial_consultation))
             returning 1)
    select count(*)::int as n from written`),
  );
  await releaseRewrittenReservations(session);
  await withoutRowTriggers(session, () => reserveWrittenAppointments(session));
  await session.query(`update pets p set awaiting_initial_consultation = false, updated_at = now()
      from written_appointments w join appointment_reasons r on r.id = w.reason_id
     where p.id = w.pet_id and w.status = 'Completed' and r.is_initial_consultation
       and p.awaiting_initial_consultation`);
  return row?.n ?? 0;
}
