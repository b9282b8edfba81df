import { appointments, clinicianReservations } from '@vet/db/schema/appointments';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '@vet/db/connection';
import { lockSpaces } from '@vet/db/lock-spaces';
import { DEADLOCK_DETECTED } from '@vet/db/database-error';
import { namedStatement, runNamed } from '@vet/db/named-statement';
import { appointmentEventColumns, type AppointmentEventRow } from './appointment-events.ts';

/** A span as PostgreSQL's tstzrange text, start included and end not. */
export const timeRange = (startsAt: Date, endsAt: Date) =>
  `[${startsAt.toISOString()},${endsAt.toISOString()})`;

/** SQLSTATEs the booking code answers as outcomes rather than faults. */
export const EXCLUSION_VIOLATION = '23P01';
export const UNIQUE_VIOLATION = '23505';

/**
 * A reservation refused because another took (or was taking) the time. A deadlock is not expected behind
 * lockClinician; if a writer ever skips the lock, the loser is answered as a lost race.
 */
export const isLostRace = (code: string | undefined) =>
  code === EXCLUSION_VIOLATION || code === DEADLOCK_DETECTED;
export const IDEMPOTENCY_CONSTRAINT = 'appointments_client_idempotency_uq';
/** A parallel repeat of the same Idempotency-Key lost to the first: the first is the answer. */
export const isKeyRace = (code: string | undefined, constraint: string | undefined) =>
  code === UNIQUE_VIOLATION && constraint === IDEMPOTENCY_CONSTRAINT;
/** One pet, one booked appointment at a time (migration 0008): not a lost race, so no other clinician helps. */
export const PET_OVERLAP_CONSTRAINT = 'appointments_pet_no_overlap_ex';

/** The advisory-lock key spaces, shared with the practice's lane (@vet/db/lock-spaces, decision 0063). */
const { clinician: CLINICIAN_LOCK_SPACE, pet: PET_LOCK_SPACE, client: CLIENT_LOCK_SPACE } = lockSpaces;

/**
 * Takes a pet's booked time in turn until the transaction ends, before its appointment row is written.
 * Two transactions writing overlapping appointments of one pet would each find the other's uncommitted
 * row under the pet's exclusion constraint and wait for it: a deadlock PostgreSQL breaks only after
 * deadlock_timeout (a second) by aborting one, which then looked like a lost race for the clinician.
 * Queued behind this lock, the second finds the first's committed row and gets the plain 23P01 naming
 * the pet's constraint. Order: the pet's lock, then the clinician's (lockClinician).
 */
export async function lockPet(tx: Executor, petId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${PET_LOCK_SPACE}::int, ${petId}::int)`);
}

/**
 * Takes a clinician's reservations in turn until the transaction ends. Two transactions inserting
 * overlapping ranges for one clinician would each find the other's uncommitted row and wait for it: a
 * deadlock PostgreSQL resolves by aborting one (40P01). Queued behind this lock, the second finds the
 * first's committed row and gets the plain 23P01. Every writer of clinician_reservations that adds or
 * moves time (booking, amending, guest holds) takes it first; a transaction takes one clinician's only.
 */
export async function lockClinician(tx: Executor, clinicianId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CLINICIAN_LOCK_SPACE}::int, ${clinicianId}::int)`);
}

const value = (name: string) => sql.placeholder(name);

/**
 * A booking's advisory locks in one statement, in the lock order (the client's, the pet's, the
 * clinician's): a target list is evaluated in order, and a null id takes no lock (the function is strict).
 * What must see the commits made before the locks (the caps' count) comes in a later statement.
 */
const bookingLocks = namedStatement(
  'online_booking_locks',
  sql`select pg_advisory_xact_lock(${CLIENT_LOCK_SPACE}::int, ${value('clientId')}::int),
             pg_advisory_xact_lock(${PET_LOCK_SPACE}::int, ${value('petId')}::int),
             pg_advisory_xact_lock(${CLINICIAN_LOCK_SPACE}::int, ${value('clinicianId')}::int)`,
);

/**
 * A booking's locks in one round trip (a null pet or clinician: that lock is not taken). The client's
 * takes the client's bookings in turn until the transaction ends, so that the client's upcoming
 * appointments are counted against the caps by one booking at a time (two parallel bookings cannot both
 * see room for one); the pet's and the clinician's are lockPet's and lockClinician's.
 */
export async function lockForBooking(
  tx: Executor,
  ids: { clientId: number; petId: number | null; clinicianId: number | null },
): Promise<void> {
  await runNamed(tx, bookingLocks, ids);
}

/**
 * Decision 0003: an expired guest hold's reservation is deleted by the transaction that next needs its
 * time, before that transaction inserts its own.
 */
export async function releaseExpiredHolds(
  tx: Executor,
  clinicianId: number,
  startsAt: Date,
  endsAt: Date,
  now: Date,
) {
  await tx
    .delete(clinicianReservations)
    .where(
      and(
        eq(clinicianReservations.clinicianId, clinicianId),
        sql`${clinicianReservations.during} && ${timeRange(startsAt, endsAt)}::tstzrange`,
        isNotNull(clinicianReservations.holdExpiresAt),
        lte(clinicianReservations.holdExpiresAt, now),
      ),
    );
}

/** Writes an online appointment; answers what its event says of it (references read by the insert). */
export async function insertAppointment(
  tx: Executor,
  values: typeof appointments.$inferInsert,
): Promise<AppointmentEventRow> {
  const [row] = await tx.insert(appointments).values(values).returning(appointmentEventColumns);
  if (!row) throw new Error('appointment not inserted');
  return row;
}

/** What an online booking writes: the appointment, and with it the clinician's time. */
export interface OnlineBookingValues {
  practiceId: number;
  clinicianId: number;
  clientId: number;
  petId: number;
  reasonId: number;
  startsAt: Date;
  endsAt: Date;
  notes: string | null;
  idempotencyKey: string | null;
  idempotencyRequestHash: string | null;
  /** The visit it is part of (decision 0117); null for an appointment of its own. */
  visitId?: string | null;
}

/** The event columns of a write of `appointments` (appointmentEventColumns) as raw SQL: one statement. */
const refOf = (table: string, column: string) =>
  `(select pms_ref from ${table} where id = appointments.${column})`;

/**
 * An online booking in one statement (one round trip, planned once per connection), behind its locks
 * (lockForBooking, an earlier statement, so this one's snapshot sees what committed before them): the
 * client's upcoming appointments counted (decision 0057's caps), and only when they are below the limits
 * the appointment, then the clinician's overlapping expired holds deleted (decision 0003) and the
 * reservation inserted. The reservation reads the deletion's count, so the deletion runs first, and the
 * exclusion constraint no longer sees rows this transaction deleted; it refuses an overlap with 23P01,
 * the pet's constraint on the appointment with its own name, as the statements one by one did
 * (assertRoomToBook's count, insertAppointment, releaseExpiredHolds, reserve).
 */
const bookOnline = namedStatement(
  'online_booking_write',
  sql`with counted as (
      select count(*)::int as upcoming_client,
             (count(*) filter (where pet_id = ${value('petId')}::int))::int as upcoming_pet
      from appointments
      where client_id = ${value('clientId')}::int and status = 'Booked'
        and starts_at > ${value('now')}::timestamptz
    ),
    appointment as (
      insert into appointments (practice_id, clinician_id, client_id, pet_id, reason_id, starts_at, ends_at,
                                notes, notes_for_client, idempotency_key, idempotency_request_hash,
                                visit_id)
      select ${value('practiceId')}::int, ${value('clinicianId')}::int, ${value('clientId')}::int,
             ${value('petId')}::int, ${value('reasonId')}::int, ${value('startsAt')}::timestamptz,
             ${value('endsAt')}::timestamptz, ${value('notes')}::text, true, ${value('idempotencyKey')}::text,
             ${value('idempotencyRequestHash')}::text, ${value('visitId')}::uuid
      from counted
      where (${value('clientLimit')}::int is null or upcoming_client < ${value('clientLimit')}::int)
        and (${value('petLimit')}::int is null or upcoming_pet < ${value('petLimit')}::int)
      returning id, pms_ref, practice_id, ${sql.raw(refOf('practices', 'practice_id'))} as practice_ref,
                clinician_id, ${sql.raw(refOf('clinicians', 'clinician_id'))} as clinician_ref,
                client_id, ${sql.raw(refOf('clients', 'client_id'))} as client_ref,
                pet_id, ${sql.raw(refOf('pets', 'pet_id'))} as pet_ref,
                reason_id, ${sql.raw(refOf('appointment_reasons', 'reason_id'))} as reason_ref,
                starts_at, ends_at, status, notes, visit_id
    ),
    released as (
      delete from clinician_reservations
      where exists (select 1 from appointment) and clinician_id = ${value('clinicianId')}::int
        and during && tstzrange(${value('startsAt')}::timestamptz, ${value('endsAt')}::timestamptz)
        and hold_expires_at is not null and hold_expires_at <= ${value('now')}::timestamptz
      returning id
    ),
    reserved as (
      insert into clinician_reservations (clinician_id, during, appointment_id)
      select ${value('clinicianId')}::int,
             tstzrange(${value('startsAt')}::timestamptz, ${value('endsAt')}::timestamptz), appointment.id
      from appointment, (select count(*) from released) as done
    )
    select counted.*, appointment.* from counted left join appointment on true`,
);

type BookedRow = {
  upcoming_client: number;
  upcoming_pet: number;
  id: number | null;
  pms_ref: string | null;
  practice_id: number;
  practice_ref: string | null;
  clinician_id: number;
  clinician_ref: string | null;
  client_id: number;
  client_ref: string | null;
  pet_id: number;
  pet_ref: string | null;
  reason_id: number;
  reason_ref: string | null;
  starts_at: string;
  ends_at: string;
  status: AppointmentEventRow['status'];
  notes: string | null;
  visit_id: string | null;
};

/**
 * Writes an online booking (see bookOnline) unless the client's or the pet's upcoming appointments have
 * reached `limits` (upcomingLimits; null: none): answers what were counted, and what the booking's
 * event says of it (null: refused by a cap). The caller has taken the booking's locks (lockForBooking) in
 * an earlier statement of its transaction.
 */
export async function writeOnlineBooking(
  tx: Executor,
  values: OnlineBookingValues,
  limits: { client: number | null; pet: number | null },
  now: Date,
): Promise<{ upcoming: { client: number; pet: number }; booked: AppointmentEventRow | null }> {
  const [row] = await runNamed<BookedRow>(tx, bookOnline, {
    ...values,
    visitId: values.visitId ?? null,
    startsAt: values.startsAt.toISOString(),
    endsAt: values.endsAt.toISOString(),
    now: now.toISOString(),
    clientLimit: limits.client,
    petLimit: limits.pet,
  });
  if (!row) throw new Error('the booking statement answered no row');
  const upcoming = { client: Number(row.upcoming_client), pet: Number(row.upcoming_pet) };
  if (row.id === null) return { upcoming, booked: null };
  const booked: AppointmentEventRow = {
    id: Number(row.id),
    pmsRef: row.pms_ref,
    practiceId: Number(row.practice_id),
    practiceRef: row.practice_ref,
    clinicianId: Number(row.clinician_id),
    clinicianRef: row.clinician_ref,
    clientId: Number(row.client_id),
    clientRef: row.client_ref,
    petId: Number(row.pet_id),
    petRef: row.pet_ref,
    reasonId: Number(row.reason_id),
    reasonRef: row.reason_ref,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    status: row.status,
    notes: row.notes,
    visitId: row.visit_id,
  };
  return { upcoming, booked };
}

/** Holds the clinician's time; the exclusion constraint refuses an overlap with 23P01. */
export async function reserve(
  tx: Executor,
  appointmentId: number,
  clinicianId: number,
  startsAt: Date,
  endsAt: Date,
) {
  await tx
    .insert(clinicianReservations)
    .values({ clinicianId, during: timeRange(startsAt, endsAt), appointmentId });
}

/**
 * Moves an appointment's reservation in one statement: the constraint checks the new time against every
 * other reservation while the old time is still held, so the old time is never free before the new one
 * is taken, and a refusal leaves the old one as it was. A move made online is an online booking's: out of
 * the practice's lane (decision 0063), so the new time may overlap nothing.
 */
export async function moveReservation(
  tx: Executor,
  appointmentId: number,
  clinicianId: number,
  startsAt: Date,
  endsAt: Date,
): Promise<void> {
  const moved = await tx
    .update(clinicianReservations)
    .set({ clinicianId, during: timeRange(startsAt, endsAt), practiceLane: false })
    .where(eq(clinicianReservations.appointmentId, appointmentId))
    .returning({ id: clinicianReservations.id });
  // A booked appointment always owns a reservation; should one be missing, the move still holds the time.
  if (moved.length === 0) await reserve(tx, appointmentId, clinicianId, startsAt, endsAt);
}

export async function releaseReservation(tx: Executor, appointmentId: number) {
  await tx.delete(clinicianReservations).where(eq(clinicianReservations.appointmentId, appointmentId));
}
