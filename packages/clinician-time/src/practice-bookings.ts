import type { Executor } from '@vet/db/connection';
import { namedStatement, runNamed } from '@vet/db/named-statement';
import type { appointments } from '@vet/db/schema/appointments';
import { sql } from 'drizzle-orm';

/**
 * The practice's bookings' writes of its clinicians' time: the desk's one booking (the integration API,
 * decision 0063) and the importer's many. Their time is in the practice's lane; the lane was cleared for
 * it (practice-lane.ts) in an earlier statement of the caller's transaction.
 */

type Appointment = typeof appointments.$inferSelect;

/** What a desk booking stores, as the practice system gives it. */
export type PracticeAppointmentValues = Pick<
  Appointment,
  | 'status'
  | 'practiceId'
  | 'clinicianId'
  | 'clientId'
  | 'petId'
  | 'reasonId'
  | 'startsAt'
  | 'endsAt'
  | 'notes'
  | 'notesForClient'
>;

const value = (name: string) => sql.placeholder(name);

const status = sql`${value('status')}::appointment_status`;
const now = sql`${value('now')}::timestamptz`;
const startsAt = sql`${value('startsAt')}::timestamptz`;
const endsAt = sql`${value('endsAt')}::timestamptz`;

/**
 * An appointment written as the practice system gives it, in one statement: its row found (by id, or by
 * reference) and locked, then updated, or inserted when the reference names none; its time held in the
 * practice's lane while Booked and freed otherwise; a Completed initial consultation ends the pet's
 * "awaiting initial consultation". Rows in the lock order: appointments, clinician_reservations, pets.
 * The clearing (practice-lane.ts) must have run in an earlier statement: the lane row's constraint is
 * checked as it is written.
 */
const writeAppointment = namedStatement(
  'practice_booking_write',
  sql`with found as (
      select id, status, client_id, cancelled_at, cancelled_by, practice_id, clinician_id, starts_at, ends_at
      from appointments
      where id = coalesce(${value('id')}::int, (select id from appointments where pms_ref = ${value('ref')}::text))
      for update
    ),
    updated as (
      update appointments a
      set status = ${status}, practice_id = ${value('practiceId')}::int,
          clinician_id = ${value('clinicianId')}::int, client_id = ${value('clientId')}::int,
          pet_id = ${value('petId')}::int, reason_id = ${value('reasonId')}::int,
          starts_at = ${startsAt}, ends_at = ${endsAt}, notes = ${value('notes')}::text,
          notes_for_client = ${value('notesForClient')}::boolean,
          -- cancelling again keeps the time it was first cancelled at
          cancelled_at = case when ${status} <> 'Cancelled' then null
                              when found.status = 'Cancelled' then found.cancelled_at else ${now} end,
          -- the practice cancelling what the client had not gives a deposit back (decision 0158)
          cancelled_by = case when ${status} <> 'Cancelled' then null
                              when found.status = 'Cancelled' then found.cancelled_by else 'practice' end,
          updated_at = ${now}
      from found
      where a.id = found.id
      -- The row as it was, and whether it waits for an earlier time: the time a rewrite frees (decision 0086).
      returning a.id, a.source, a.flagged_at, false as created, found.status as previous_status,
                found.client_id as previous_client_id, found.practice_id as previous_practice_id,
                found.clinician_id as previous_clinician_id, found.starts_at as previous_starts_at,
                found.ends_at as previous_ends_at,
                exists (select 1 from earlier_time_requests q
                        where q.appointment_id = found.id and q.status in ('Waiting', 'Offered'))
                  as previous_waiting
    ),
    inserted as (
      insert into appointments (pms_ref, source, status, practice_id, clinician_id, client_id, pet_id,
                                reason_id, starts_at, ends_at, notes, notes_for_client, cancelled_at, cancelled_by,
                                created_at, updated_at)
      select ${value('ref')}::text, 'Practice', ${status}, ${value('practiceId')}::int,
             ${value('clinicianId')}::int, ${value('clientId')}::int, ${value('petId')}::int,
             ${value('reasonId')}::int, ${startsAt}, ${endsAt}, ${value('notes')}::text,
             ${value('notesForClient')}::boolean, case when ${status} = 'Cancelled' then ${now} end,
             case when ${status} = 'Cancelled' then 'practice' end, ${now}, ${now}
      where ${value('ref')}::text is not null and not exists (select 1 from found)
      returning id, source, flagged_at, true as created, null::appointment_status as previous_status,
                null::int as previous_client_id, null::int as previous_practice_id,
                null::int as previous_clinician_id, null::timestamptz as previous_starts_at,
                null::timestamptz as previous_ends_at, false as previous_waiting
    ),
    written as (select * from updated union all select * from inserted),
    reserved as (
      insert into clinician_reservations (clinician_id, during, appointment_id, practice_lane)
      select ${value('clinicianId')}::int, tstzrange(${startsAt}, ${endsAt}), written.id, true
      from written where ${status} = 'Booked'
      on conflict (appointment_id) do update
      set clinician_id = excluded.clinician_id, during = excluded.during, practice_lane = true,
          hold_expires_at = null
    ),
    freed as (
      delete from clinician_reservations r using written
      where r.appointment_id = written.id and ${status} <> 'Booked'
    ),
    ended_awaiting as (
      update pets set awaiting_initial_consultation = false
      where id = ${value('petId')}::int and awaiting_initial_consultation and ${status} = 'Completed'
        and exists (select 1 from written)
        and exists (select 1 from appointment_reasons
                    where id = ${value('reasonId')}::int and is_initial_consultation)
    )
    select * from written`,
);

/** The statement's answer: the row written, and what it was before (all null: created). */
export type WrittenPracticeRow = {
  id: number;
  source: Appointment['source'];
  flagged_at: string | null;
  created: boolean;
  previous_status: Appointment['status'] | null;
  previous_client_id: number | null;
  previous_practice_id: number | null;
  previous_clinician_id: number | null;
  previous_starts_at: string | Date | null;
  previous_ends_at: string | Date | null;
  previous_waiting: boolean;
};

/**
 * Writes `values` to the appointment `target` names (see writeAppointment): by id, or by reference
 * (created with it when it names none). Undefined when an id names no appointment.
 */
export async function writePracticeAppointmentRow(
  tx: Executor,
  target: { id: number } | { ref: string },
  values: PracticeAppointmentValues,
  at: Date,
): Promise<WrittenPracticeRow | undefined> {
  const [row] = await runNamed<WrittenPracticeRow>(tx, writeAppointment, {
    id: 'id' in target ? target.id : null,
    ref: 'ref' in target ? target.ref : null,
    status: values.status,
    practiceId: values.practiceId,
    clinicianId: values.clinicianId,
    clientId: values.clientId,
    petId: values.petId,
    reasonId: values.reasonId,
    startsAt: values.startsAt.toISOString(),
    endsAt: values.endsAt.toISOString(),
    notes: values.notes,
    notesForClient: values.notesForClient,
    now: at.toISOString(),
  });
  return row;
}

/** The importer's connection: a query of text, in its one transaction. */
export interface ImportSession {
  query(text: string): Promise<unknown>;
}

/**
 * The importer's appointments (its temporary table written_appointments, this transaction's): the
 * reservations of those rewritten let go, before the Booked ones' are written again.
 */
export async function releaseRewrittenReservations(session: ImportSession): Promise<void> {
  await session.query(`delete from clinician_reservations
    where appointment_id in (select id from written_appointments where not inserted)`);
}

/** The importer's Booked appointments that have not ended: their time, in the practice's lane. */
export async function reserveWrittenAppointments(session: ImportSession): Promise<void> {
  await session.query(`insert into clinician_reservations (clinician_id, during, appointment_id, practice_lane)
      select clinician_id, tstzrange(starts_at, ends_at), id, true from written_appointments
       where status = 'Booked' and ends_at > now()`);
}
