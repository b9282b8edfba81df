import type { Database, Executor } from '@vet/db/connection';
import { clinicianReservations, softBookings } from '@vet/db/schema/appointments';
import { species } from '@vet/db/schema/lookups';
import { and, count, eq, gt, ne, sql } from 'drizzle-orm';

export type HoldRecord = typeof softBookings.$inferSelect;
export type NewHold = typeof softBookings.$inferInsert;

const range = (startsAt: Date, endsAt: Date) => `[${startsAt.toISOString()},${endsAt.toISOString()})`;

/** Advisory-lock key spaces of the live-hold limits (the second key hashes the e-mail or address). */
const EMAIL_LOCK_SPACE = 4022;
const ADDRESS_LOCK_SPACE = 4023;

/** A well-formed UUID: anything else cannot be a hold's id and is answered like a missing one. */
export const isHoldId = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** The SQL of guest holds (soft_bookings and their reservations). */
export const guestHolds = {
  async find(executor: Executor, id: string, forUpdate = false): Promise<HoldRecord | null> {
    const query = executor.select().from(softBookings).where(eq(softBookings.id, id)).limit(1);
    const [row] = forUpdate ? await query.for('update') : await query;
    return row ?? null;
  },

  async insert(tx: Executor, values: NewHold): Promise<HoldRecord> {
    const [row] = await tx.insert(softBookings).values(values).returning();
    if (!row) throw new Error('hold not inserted');
    return row;
  },

  /**
   * Serialises the creations counted against one e-mail and one address, so that parallel requests
   * cannot both pass the limit. Always e-mail first, then address, then (later) a clinician.
   */
  async lockLimits(tx: Executor, email: string, addressHash: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(${EMAIL_LOCK_SPACE}::int, hashtext(${email}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK_SPACE}::int, hashtext(${addressHash}))`);
  },

  /** Live holds (Held and not expired) of an e-mail and of an address, but for one being replaced. */
  async countLive(tx: Executor, email: string, addressHash: string, now: Date, exceptId?: string) {
    const live = and(
      eq(softBookings.status, 'Held'),
      gt(softBookings.expiresAt, now),
      exceptId === undefined ? undefined : ne(softBookings.id, exceptId),
    );
    const [byEmail] = await tx
      .select({ n: count() })
      .from(softBookings)
      .where(and(live, eq(softBookings.email, email)));
    const [byAddress] = await tx
      .select({ n: count() })
      .from(softBookings)
      .where(and(live, eq(softBookings.clientAddressHash, addressHash)));
    return { email: byEmail?.n ?? 0, address: byAddress?.n ?? 0 };
  },

  /** The hold's reservation: its clinician's time until the hold expires. */
  async reserve(
    tx: Executor,
    hold: Pick<HoldRecord, 'id' | 'clinicianId' | 'startsAt' | 'endsAt' | 'expiresAt'>,
  ) {
    await tx.insert(clinicianReservations).values({
      clinicianId: hold.clinicianId,
      during: range(hold.startsAt, hold.endsAt),
      softBookingId: hold.id,
      holdExpiresAt: hold.expiresAt,
    });
  },

  /**
   * Gives a hold's reservation to another hold, at its clinician and time, in one statement: the
   * constraint checks the new time against every other reservation while the old time is still held, so
   * neither both nor none is ever held. False when the old hold had no reservation left.
   */
  async moveReservation(
    tx: Executor,
    fromHoldId: string,
    to: Pick<HoldRecord, 'id' | 'clinicianId' | 'startsAt' | 'endsAt' | 'expiresAt'>,
  ): Promise<boolean> {
    const moved = await tx
      .update(clinicianReservations)
      .set({
        softBookingId: to.id,
        clinicianId: to.clinicianId,
        during: range(to.startsAt, to.endsAt),
        holdExpiresAt: to.expiresAt,
      })
      .where(eq(clinicianReservations.softBookingId, fromHoldId))
      .returning({ id: clinicianReservations.id });
    return moved.length > 0;
  },

  /** Hands a hold's reservation to its appointment (same clinician and time); false when none is left. */
  async reservationToAppointment(tx: Executor, holdId: string, clinicianId: number, appointmentId: number) {
    const moved = await tx
      .update(clinicianReservations)
      .set({ softBookingId: null, appointmentId, holdExpiresAt: null })
      .where(
        and(
          eq(clinicianReservations.softBookingId, holdId),
          eq(clinicianReservations.clinicianId, clinicianId),
        ),
      )
      .returning({ id: clinicianReservations.id });
    return moved.length > 0;
  },

  async releaseReservation(tx: Executor, holdId: string) {
    await tx.delete(clinicianReservations).where(eq(clinicianReservations.softBookingId, holdId));
  },

  async setHoldExpiry(tx: Executor, holdId: string, expiresAt: Date) {
    await tx
      .update(clinicianReservations)
      .set({ holdExpiresAt: expiresAt })
      .where(eq(clinicianReservations.softBookingId, holdId));
  },

  async update(tx: Executor, id: string, values: Partial<NewHold>) {
    await tx.update(softBookings).set(values).where(eq(softBookings.id, id));
  },

  async speciesExists(db: Database, speciesId: number): Promise<boolean> {
    const rows = await db.select({ id: species.id }).from(species).where(eq(species.id, speciesId)).limit(1);
    return rows.length > 0;
  },
};
