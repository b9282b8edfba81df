import type { Executor } from '@vet/db/connection';
import { clinicianReservations } from '@vet/db/schema/appointments';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';

/**
 * The online side's writes of a clinician's time: appointments' reservations and guest holds'. Each runs
 * in the caller's transaction, behind the locks the caller took (the booking code's lockClinician), so
 * the exclusion constraint has the last word and its refusal (23P01) reaches the caller.
 */

/** A span as PostgreSQL's tstzrange text, start included and end not. */
export const timeRange = (startsAt: Date, endsAt: Date) =>
  `[${startsAt.toISOString()},${endsAt.toISOString()})`;

/** A hold's time: held for it until `expiresAt` (decision 0003). */
export interface HoldSpan {
  holdId: string;
  startsAt: Date;
  endsAt: Date;
  expiresAt: Date;
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

/** Holds a time for a guest hold until it expires. */
export async function holdTime(tx: Executor, clinicianId: number, time: HoldSpan): Promise<void> {
  await tx.insert(clinicianReservations).values({
    clinicianId,
    during: timeRange(time.startsAt, time.endsAt),
    softBookingId: time.holdId,
    holdExpiresAt: time.expiresAt,
  });
}

/** Ends a hold's time. */
export async function releaseHold(tx: Executor, holdId: string): Promise<void> {
  await tx.delete(clinicianReservations).where(eq(clinicianReservations.softBookingId, holdId));
}

/**
 * Hands a hold's reservation (on this clinician) to an appointment, its time unchanged. False: the hold
 * had no time there any more (given away or expired and deleted), and nothing was written.
 */
export async function handOverHold(
  tx: Executor,
  holdId: string,
  clinicianId: number,
  appointmentId: number,
): Promise<boolean> {
  const handedOver = await tx
    .update(clinicianReservations)
    .set({ softBookingId: null, appointmentId, holdExpiresAt: null })
    .where(
      and(
        eq(clinicianReservations.softBookingId, holdId),
        eq(clinicianReservations.clinicianId, clinicianId),
      ),
    )
    .returning({ id: clinicianReservations.id });
  return handedOver.length > 0;
}

/**
 * Gives one hold's time to another, in one statement: neither both nor none is ever held. False: the old
 * hold had lost its time, and nothing was written.
 */
export async function moveHold(
  tx: Executor,
  fromHoldId: string,
  clinicianId: number,
  to: HoldSpan,
): Promise<boolean> {
  const moved = await tx
    .update(clinicianReservations)
    .set({
      softBookingId: to.holdId,
      clinicianId,
      during: timeRange(to.startsAt, to.endsAt),
      holdExpiresAt: to.expiresAt,
    })
    .where(eq(clinicianReservations.softBookingId, fromHoldId))
    .returning({ id: clinicianReservations.id });
  return moved.length > 0;
}

/** A hold's time held until a later expiry. */
export async function extendHold(tx: Executor, holdId: string, expiresAt: Date): Promise<void> {
  await tx
    .update(clinicianReservations)
    .set({ holdExpiresAt: expiresAt })
    .where(eq(clinicianReservations.softBookingId, holdId));
}
