import type { Executor } from '@vet/db/connection';
import { lockSpaces } from '@vet/db/lock-spaces';
import { namedStatement, runNamed } from '@vet/db/named-statement';
import { practiceSpanLocks } from '@vet/clinician-time/practice-lane';
import { sql } from 'drizzle-orm';
import type { AppointmentValues, ResolvedRefs, StoredAppointment } from './practice-booking-repository.ts';

/**
 * The statements of a desk booking's write (decision 0063), each a named statement (planned once per
 * connection): a practice system sends bookings by the hundred a second, and each round trip to
 * PostgreSQL costs both processes more than the statement itself.
 */

const value = (name: string) => sql.placeholder(name);

/** The references a PUT names, as ids (null: no such record). */
export interface PracticeBookingRefs {
  practice: string;
  clinician: string;
  client: string;
  pet: string;
  reason: string;
}

type RefsRow = {
  practice_id: number | null;
  clinician_id: number | null;
  clinician_practice_id: number | null;
  client_id: number | null;
  pet_id: number | null;
  pet_client_id: number | null;
  reason_id: number | null;
  is_initial_consultation: boolean | null;
};

/**
 * The reference's lock (writes of one reference take turns), then, for a Booked record, the lane's locks
 * of its pet and clinician (practiceSpanLocks: the lock order of decision 0063), in one statement with
 * the references looked up: a target list is evaluated in order, after its row is read.
 */
const lockedRefs = namedStatement(
  'practice_booking_locked_refs',
  sql`select refs.*,
        pg_advisory_xact_lock(${lockSpaces.practiceAppointmentRef}::int, hashtext(${value('ref')}::text)),
        ${practiceSpanLocks(
          sql`case when ${value('booked')}::boolean then refs.pet_id end`,
          sql`case when ${value('booked')}::boolean then refs.clinician_id end`,
        )}
      from (
        select p.id as practice_id, c.id as clinician_id, c.practice_id as clinician_practice_id,
               cl.id as client_id, pe.id as pet_id, pe.client_id as pet_client_id, r.id as reason_id,
               r.is_initial_consultation
        from (values (1)) as one (x)
        left join practices p on p.pms_ref = ${value('practice')}::text
        left join clinicians c on c.pms_ref = ${value('clinician')}::text
        left join clients cl on cl.pms_ref = ${value('client')}::text
        left join pets pe on pe.pms_ref = ${value('pet')}::text
        left join appointment_reasons r on r.pms_ref = ${value('reason')}::text
      ) as refs`,
);

/** Takes a PUT's locks and resolves its references (see lockedRefs); the caller checks them. */
export async function lockAndResolve(
  tx: Executor,
  ref: string,
  refs: PracticeBookingRefs,
  booked: boolean,
): Promise<ResolvedRefs> {
  const [row] = await runNamed<RefsRow>(tx, lockedRefs, { ref, booked, ...refs });
  return {
    practiceId: row?.practice_id ?? null,
    clinicianId: row?.clinician_id ?? null,
    clinicianPracticeId: row?.clinician_practice_id ?? null,
    clientId: row?.client_id ?? null,
    petId: row?.pet_id ?? null,
    petClientId: row?.pet_client_id ?? null,
    reasonId: row?.reason_id ?? null,
    isInitialConsultation: row?.is_initial_consultation ?? false,
  };
}

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
      select id, status, client_id, cancelled_at, practice_id, clinician_id, starts_at, ends_at
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
                                reason_id, starts_at, ends_at, notes, notes_for_client, cancelled_at, created_at,
                                updated_at)
      select ${value('ref')}::text, 'Practice', ${status}, ${value('practiceId')}::int,
             ${value('clinicianId')}::int, ${value('clientId')}::int, ${value('petId')}::int,
             ${value('reasonId')}::int, ${startsAt}, ${endsAt}, ${value('notes')}::text,
             ${value('notesForClient')}::boolean, case when ${status} = 'Cancelled' then ${now} end, ${now}, ${now}
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

type WrittenRow = {
  id: number;
  source: StoredAppointment['source'];
  flagged_at: string | null;
  created: boolean;
  previous_status: StoredAppointment['status'] | null;
  previous_client_id: number | null;
  previous_practice_id: number | null;
  previous_clinician_id: number | null;
  previous_starts_at: string | Date | null;
  previous_ends_at: string | Date | null;
  previous_waiting: boolean;
};

/** What the write did: the row's id, whether it was created, and what it was before (null: nothing). */
export interface WrittenAppointment {
  id: number;
  created: boolean;
  source: StoredAppointment['source'];
  flaggedAt: Date | null;
  previous:
    | (Pick<
        StoredAppointment,
        'status' | 'clientId' | 'practiceId' | 'clinicianId' | 'startsAt' | 'endsAt'
      > & {
        /** It had a live earlier-time request (decision 0086). */
        waiting: boolean;
      })
    | null;
}

/**
 * Writes `values` to the appointment `target` names (see writeAppointment): by id, or by reference
 * (created with it when it names none). Null when an id names no appointment.
 */
export async function writePracticeAppointment(
  tx: Executor,
  target: { id: number } | { ref: string },
  values: AppointmentValues,
  at: Date,
): Promise<WrittenAppointment | null> {
  const [row] = await runNamed<WrittenRow>(tx, writeAppointment, {
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
  if (!row) return null;
  return {
    id: Number(row.id),
    created: row.created,
    source: row.source,
    flaggedAt: row.flagged_at === null ? null : new Date(row.flagged_at),
    previous:
      row.previous_status === null || row.previous_client_id === null
        ? null
        : {
            status: row.previous_status,
            clientId: Number(row.previous_client_id),
            practiceId: Number(row.previous_practice_id),
            clinicianId: Number(row.previous_clinician_id),
            startsAt: new Date(row.previous_starts_at!),
            endsAt: new Date(row.previous_ends_at!),
            waiting: row.previous_waiting,
          },
  };
}
