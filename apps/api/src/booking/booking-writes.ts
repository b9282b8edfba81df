import { appointments, clinicianReservations } from '@vet/db/schema/appointments';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '@vet/db/connection';
import { lockSpaces } from '@vet/db/lock-spaces';
import { appointmentEventColumns, type AppointmentEventRow } from './appointment-events.ts';

const range = (startsAt: Date, endsAt: Date) => `[${startsAt.toISOString()},${endsAt.toISOString()})`;

/** SQLSTATEs the booking code answers as outcomes rather than faults. */
export const EXCLUSION_VIOLATION = '23P01';
export const UNIQUE_VIOLATION = '23505';
/** Not expected behind lockClinician; if a writer ever skips the lock, the loser is answered as a lost race. */
export const DEADLOCK_DETECTED = '40P01';

/** A reservation refused because another took (or was taking) the time. */
export const isLostRace = (code: string | undefined) =>
  code === EXCLUSION_VIOLATION || code === DEADLOCK_DETECTED;
export const IDEMPOTENCY_CONSTRAINT = 'appointments_client_idempotency_uq';
/** One pet, one booked appointment at a time (migration 0008): not a lost race, so no other clinician helps. */
export const PET_OVERLAP_CONSTRAINT = 'appointments_pet_no_overlap_ex';

/** The SQLSTATE and constraint of a failed query, wherever the driver or drizzle put them. */
export function databaseError(error: unknown): { code?: string; constraint?: string } {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ('code' in e && typeof e.code === 'string') {
      const constraint = 'constraint' in e && typeof e.constraint === 'string' ? e.constraint : undefined;
      return { code: e.code, constraint };
    }
  }
  return {};
}

/** The advisory-lock key spaces, shared with the practice's lane (@vet/db/lock-spaces, decision 0063). */
const { clinician: CLINICIAN_LOCK_SPACE, pet: PET_LOCK_SPACE, client: CLIENT_LOCK_SPACE } = lockSpaces;

/**
 * Takes a client's bookings in turn until the transaction ends, so that the client's upcoming
 * appointments are counted against the caps by one booking at a time (two parallel bookings cannot both
 * see room for one). Order: the client's lock, then the pet's (lockPet), then the clinician's.
 */
export async function lockClient(tx: Executor, clientId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CLIENT_LOCK_SPACE}::int, ${clientId}::int)`);
}

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
        sql`${clinicianReservations.during} && ${range(startsAt, endsAt)}::tstzrange`,
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
    .values({ clinicianId, during: range(startsAt, endsAt), appointmentId });
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
    .set({ clinicianId, during: range(startsAt, endsAt), practiceLane: false })
    .where(eq(clinicianReservations.appointmentId, appointmentId))
    .returning({ id: clinicianReservations.id });
  // A booked appointment always owns a reservation; should one be missing, the move still holds the time.
  if (moved.length === 0) await reserve(tx, appointmentId, clinicianId, startsAt, endsAt);
}

export async function releaseReservation(tx: Executor, appointmentId: number) {
  await tx.delete(clinicianReservations).where(eq(clinicianReservations.appointmentId, appointmentId));
}
