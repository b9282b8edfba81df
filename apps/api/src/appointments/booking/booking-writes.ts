import { appointments } from '@vet/db/schema/appointments';
import { writeOnlineBookingRow, type OnlineBookingValues } from '@vet/clinician-time/online-booking';
import { sql } from 'drizzle-orm';
import type { Executor } from '@vet/db/connection';
import { lockSpaces } from '@vet/db/lock-spaces';
import { DEADLOCK_DETECTED } from '@vet/db/database-error';
import { namedStatement, runNamed } from '@vet/db/named-statement';
import { appointmentEventColumns, type AppointmentEventRow } from './appointment-events.ts';

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

/** Writes an online appointment; answers what its event says of it (references read by the insert). */
export async function insertAppointment(
  tx: Executor,
  values: typeof appointments.$inferInsert,
): Promise<AppointmentEventRow> {
  const [row] = await tx.insert(appointments).values(values).returning(appointmentEventColumns);
  if (!row) throw new Error('appointment not inserted');
  return row;
}

/**
 * Writes an online booking (@vet/clinician-time/online-booking) unless the client's or the pet's upcoming appointments have
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
  const row = await writeOnlineBookingRow(tx, values, limits, now);
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
