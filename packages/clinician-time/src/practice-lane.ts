import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@vet/db/connection';
import { lockSpaces } from '@vet/db/lock-spaces';
import { namedStatement, runNamed } from '@vet/db/named-statement';
import { recordPracticeEvent } from '@vet/practice-events/record-events';

/** A practice booking about to be stored: its clinician's time, and its pet's. */
export interface PracticeSpan {
  clinicianId: number;
  startsAt: Date;
  endsAt: Date;
  /** The booking's pet: its online appointments at an overlapping time are flagged too; null: none. */
  petId: number | null;
  /** The appointment being written, when it exists already: its own rows never count. */
  appointmentId: number | null;
  /**
   * Or (one span, appointmentId null) the reference of the appointment being written: whether it exists
   * is read in the clearing's own statement, after the locks, so a write of that reference just committed
   * counts.
   */
  appointmentRef?: string | null;
}

export interface PracticeLaneEffects {
  /** Live guest holds given away (Released, displaced_at set): the guest is told when they next look. */
  releasedHolds: number;
  /** Online appointments flagged for the practice and moved into its lane, their time unchanged. */
  flaggedAppointments: number;
  /** Their ids, for the practice system's answer; each also has its appointment.flagged event. */
  flaggedAppointmentIds: number[];
}

/**
 * Decision 0063: a practice booking is a fact, stored even over what was booked or held online. Before
 * the caller stores practice bookings (their reservations with practice_lane = true), in its transaction,
 * this clears their way of online rows without dropping any: a live guest hold over a span is released
 * and marked so the guest is told (an expired one just ends, as decision 0003 has it); an online
 * appointment over a span on its clinician, or of the span's pet at an overlapping time, is flagged for
 * the practice and its reservation moves into the practice's lane, keeping its time busy for online
 * bookings. The statements touch soft_bookings, then appointments, then clinician_reservations: the
 * order every other writer locks rows in, so none of them can deadlock with this. Each appointment flagged
 * writes its appointment.flagged event (decision 0067) in the caller's transaction, naming the practice
 * booking over it by its reference where that is known; the practice's bookings write none of their own.
 *
 * One span (the integration API): the pet's and the clinician's advisory locks, as an online booking
 * takes them, so no online row can be written into the span between this and the caller's insert. A
 * caller that took them itself (practiceSpanLocks, in an earlier statement of its transaction, with its
 * own earlier locks) says so with `locked`.
 */
export async function makeRoomForPracticeBooking(
  tx: Executor,
  span: PracticeSpan,
  now: Date,
  options: { locked?: boolean } = {},
): Promise<PracticeLaneEffects> {
  const values = {
    clinicianId: span.clinicianId,
    startsAt: span.startsAt.toISOString(),
    endsAt: span.endsAt.toISOString(),
    petId: span.petId,
    appointmentId: span.appointmentId,
    appointmentRef: span.appointmentRef ?? null,
    now: now.toISOString(),
  };
  // The locks in a statement of their own: the clearing's snapshot must see what was committed before them.
  if (!options.locked) await runNamed(tx, oneSpanLocks, values);
  return recordFlagged(tx, await runNamed<ClearedRow>(tx, clearOneSpan, values), now);
}

const value = (name: string) => sql.placeholder(name);

/**
 * The one-span form's advisory locks as select-list items: a target list is evaluated in order, so the
 * pet's lock, then the clinician's; a null id takes no lock. The clearing must come in a later statement.
 */
export const practiceSpanLocks = (petId: SQL, clinicianId: SQL): SQL =>
  sql`pg_advisory_xact_lock(${lockSpaces.pet}::int, ${petId}::int),
      pg_advisory_xact_lock(${lockSpaces.clinician}::int, ${clinicianId}::int)`;

const oneSpanLocks = namedStatement(
  'practice_lane_locks',
  sql`select ${practiceSpanLocks(sql`${value('petId')}`, sql`${value('clinicianId')}`)}`,
);

/** One span as a one-row relation: planned once per connection, and its estimate is always one row. */
const clearOneSpan = namedStatement(
  'practice_lane_clear',
  clearTheWay(
    sql`select ${value('clinicianId')}::int as clinician_id, ${value('startsAt')}::timestamptz as starts_at,
               ${value('endsAt')}::timestamptz as ends_at, ${value('petId')}::int as pet_id,
               coalesce(${value('appointmentId')}::int, (select id from appointments
                 where pms_ref = ${value('appointmentRef')}::text)) as appointment_id,
               ${value('appointmentRef')}::text as appointment_ref`,
    sql`${value('now')}::timestamptz`,
  ),
);

/**
 * Many spans (the importer): given as rows, or as a query yielding the columns clinician_id (int),
 * starts_at and ends_at (timestamptz), pet_id and appointment_id (int, nullable), and optionally
 * appointment_ref (text: the booking's reference, for the flagged appointments' events), which is read
 * once into a temporary table. The three tables are locked first (lockForPracticeBookings): thousands of
 * clinicians' advisory locks would not fit PostgreSQL's lock table.
 */
export async function makeRoomForPracticeBookings(
  tx: Executor,
  spans: SQL | readonly PracticeSpan[],
  now: Date,
): Promise<PracticeLaneEffects> {
  if (Array.isArray(spans) && spans.length === 0) {
    return { releasedHolds: 0, flaggedAppointments: 0, flaggedAppointmentIds: [] };
  }
  await lockForPracticeBookings(tx);
  const at = sql`${now.toISOString()}::timestamptz`;
  const clear = async (given: SQL) =>
    recordFlagged(tx, (await tx.execute<ClearedRow>(clearTheWay(given, at))).rows, now);
  if (Array.isArray(spans)) return clear(spansOf(spans));
  await tx.execute(sql`create temporary table if not exists practice_lane_spans (
    clinician_id integer not null, starts_at timestamptz not null, ends_at timestamptz not null,
    pet_id integer, appointment_id integer, appointment_ref text) on commit drop`);
  await tx.execute(sql`truncate practice_lane_spans`);
  // appointment_ref may be left out: read by name from the row as JSON, it is then null.
  await tx.execute(sql`insert into practice_lane_spans
    (clinician_id, starts_at, ends_at, pet_id, appointment_id, appointment_ref)
    select clinician_id, starts_at, ends_at, pet_id, appointment_id, to_jsonb(given) ->> 'appointment_ref'
    from (${spans as SQL}) as given`);
  await tx.execute(sql`analyze practice_lane_spans`);
  return clear(sql`select * from practice_lane_spans`);
}

/**
 * Holds the tables of booked time for the rest of the transaction, in the order every writer touches
 * them: reads (slot searches) go on, online writes wait until the commit. Taken first in a transaction,
 * before it writes anything else, it cannot deadlock with an online booking. Taking it again is free.
 */
export async function lockForPracticeBookings(tx: Executor): Promise<void> {
  await tx.execute(sql`lock table soft_bookings, appointments, clinician_reservations in exclusive mode`);
}

const isoArray = (dates: readonly Date[]) => `{${dates.map((d) => d.toISOString()).join(',')}}`;
const intArray = (values: readonly (number | null)[]) =>
  `{${values.map((v) => (v === null ? 'NULL' : String(Math.trunc(v)))).join(',')}}`;

/** Spans as a relation: one array parameter per column (never a parameter per value). */
function spansOf(spans: readonly PracticeSpan[]): SQL {
  // References are any text: as a JSON array they need no array-literal quoting of their own.
  const refs = JSON.stringify(spans.map((s) => s.appointmentRef ?? null));
  return sql`select * from unnest(
    ${intArray(spans.map((s) => s.clinicianId))}::int[],
    ${isoArray(spans.map((s) => s.startsAt))}::timestamptz[],
    ${isoArray(spans.map((s) => s.endsAt))}::timestamptz[],
    ${intArray(spans.map((s) => s.petId))}::int[],
    ${intArray(spans.map((s) => s.appointmentId))}::int[],
    array(select jsonb_array_elements_text(${refs}::jsonb))
  ) as given(clinician_id, starts_at, ends_at, pet_id, appointment_id, appointment_ref)`;
}

/** A row of the clearing's answer: the holds given away, and one flagged appointment (or none). */
type ClearedRow = {
  released: number;
  flagged_id: number | null;
  /** The flagged appointment's event facts: its reference, its client's and pet's, the booking's. */
  appointment_ref: string | null;
  client_id: number | null;
  client_ref: string | null;
  pet_id: number | null;
  pet_ref: string | null;
  desk_ref: string | null;
};

/** One appointment.flagged event per appointment flagged, in the caller's transaction, in id order. */
async function recordFlagged(tx: Executor, rows: readonly ClearedRow[], now: Date) {
  const flagged = rows.filter((row) => row.flagged_id !== null);
  flagged.sort((a, b) => Number(a.flagged_id) - Number(b.flagged_id));
  for (const row of flagged) {
    await recordPracticeEvent(tx, 'appointment.flagged', {
      appointment_id: Number(row.flagged_id),
      appointment_ref: row.appointment_ref,
      client_id: Number(row.client_id),
      client_ref: row.client_ref,
      pet_id: Number(row.pet_id),
      pet_ref: row.pet_ref,
      flagged_at: now.toISOString(),
      overlapping_appointment_ref: row.desk_ref,
    });
  }
  return effectsOf(rows);
}

const effectsOf = (rows: readonly ClearedRow[]): PracticeLaneEffects => {
  const ids = rows.flatMap((row) => (row.flagged_id === null ? [] : [Number(row.flagged_id)]));
  return {
    releasedHolds: rows[0]?.released ?? 0,
    flaggedAppointments: ids.length,
    flaggedAppointmentIds: ids.sort((a, b) => a - b),
  };
};

/**
 * The way cleared in one statement (one round trip; every data-modifying CTE runs to completion, read
 * or not). Live holds are given away (the guest is told), expired ones simply end, and their rows go;
 * online appointments in the way keep their time: flagged, and their rows moved into the lane. The
 * sub-statements write different rows, and read what was committed before the statement began (the
 * locks were taken in an earlier one). The answer is read from the holds first, then the appointments.
 */
function clearTheWay(spans: SQL, at: SQL): SQL {
  const overlapsSpan = sql`r.clinician_id = s.clinician_id and r.during && tstzrange(s.starts_at, s.ends_at)`;
  // The practice booking's reference: given, or the one stored for the appointment being rewritten.
  const deskRef = sql`coalesce(s.appointment_ref, (select pms_ref from appointments where id = s.appointment_id))`;
  return sql`
    with spans as (${spans}),
    held as (
      select distinct r.soft_booking_id as id
      from clinician_reservations r join spans s on ${overlapsSpan}
      where r.soft_booking_id is not null
    ),
    ended as (
      update soft_bookings b
      set status = (case when b.expires_at > ${at} then 'Released' else 'Expired' end)::soft_booking_status,
          displaced_at = case when b.expires_at > ${at} then ${at} end
      from held
      where b.id = held.id and b.status = 'Held'
      returning b.id, b.status
    ),
    freed as (
      delete from clinician_reservations r using ended where r.soft_booking_id = ended.id
    ),
    -- Decision 0086: an earlier-time offer a hold held ends with it, its request back in the line. Rows
    -- another writer holds (taking, lapsing or ending that offer) are left to it: no lock waits here, so
    -- no deadlock with their order (request, offer, hold); the minute job lapses what is left.
    withdrawing as (
      select o.id, o.request_id from earlier_time_offers o
      join ended on o.soft_booking_id = ended.id
      join earlier_time_requests q on q.id = o.request_id
      where o.status = 'Offered'
      for update of o, q skip locked
    ),
    withdrawn as (
      update earlier_time_offers o set status = 'Lapsed' from withdrawing where o.id = withdrawing.id
    ),
    requeued as (
      update earlier_time_requests q set status = 'Waiting'
      from withdrawing where q.id = withdrawing.request_id and q.status = 'Offered'
    ),
    hit as (
      -- Each with one practice booking over it for its event (the lowest reference, when several are).
      select id, min(desk_ref) as desk_ref from (
        select r.appointment_id as id, ${deskRef} as desk_ref
        from clinician_reservations r join spans s on ${overlapsSpan}
        where r.appointment_id is not null and not r.practice_lane
          and r.appointment_id is distinct from s.appointment_id
        union all
        select a.id, ${deskRef}
        from appointments a join spans s
          on a.pet_id = s.pet_id and tstzrange(a.starts_at, a.ends_at) && tstzrange(s.starts_at, s.ends_at)
        where a.status = 'Booked' and a.source = 'Online' and a.flagged_at is null
          and a.id is distinct from s.appointment_id
      ) as found
      group by id
    ),
    flagged as (
      update appointments a set flagged_at = ${at}
      from hit
      where a.id = hit.id and a.status = 'Booked' and a.source = 'Online' and a.flagged_at is null
      returning a.id, a.pms_ref, a.client_id, a.pet_id, hit.desk_ref
    ),
    laned as (
      update clinician_reservations r set practice_lane = true
      from flagged
      where r.appointment_id = flagged.id and not r.practice_lane
    )
    select holds.released, flagged.id as flagged_id, flagged.pms_ref as appointment_ref,
      flagged.client_id, (select pms_ref from clients where id = flagged.client_id) as client_ref,
      flagged.pet_id, (select pms_ref from pets where id = flagged.pet_id) as pet_ref, flagged.desk_ref
    from (select (count(*) filter (where status = 'Released'))::int as released from ended) as holds
    left join flagged on true`;
}
