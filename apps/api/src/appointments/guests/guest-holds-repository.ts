import type { Database, Executor } from '@vet/db/connection';
import { rowExists } from '@vet/db/row-exists';
import { softBookings } from '@vet/db/schema/appointments';
import { species } from '@vet/db/schema/lookups';
import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';

export type HoldRecord = typeof softBookings.$inferSelect;
export type NewHold = typeof softBookings.$inferInsert;

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
      // Guests' holds only: a client's time held while they pay is counted by the booking caps.
      isNull(softBookings.clientId),
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

  async update(tx: Executor, id: string, values: Partial<NewHold>) {
    await tx.update(softBookings).set(values).where(eq(softBookings.id, id));
  },

  speciesExists: (db: Database, speciesId: number): Promise<boolean> => rowExists(db, species, speciesId),
};
