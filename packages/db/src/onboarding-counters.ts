import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from './connection.ts';
import { onboardingCounters } from './schema/onboarding.ts';

/**
 * One use of an onboarding budget (decision 0056): `amount` (default 1) taken from the count of `key` in
 * `scope`, whose window of `windowMs` starts with the key's first use and allows at most `max`.
 */
export interface CounterUse {
  scope: string;
  /** Of whom: a name and postcode, an identity, a record id. Only its SHA-256 is stored. */
  key: string;
  amount?: number;
  max: number;
  windowMs: number;
}

/** The use that would pass its budget, and how long until its window ends. */
export interface CounterRefusal {
  scope: string;
  retryAfterSeconds: number;
}

const table = onboardingCounters;

const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');

class Refused extends Error {
  constructor(readonly refusal: CounterRefusal) {
    super('over budget');
  }
}

/** One row per scope and key (amounts of the same key added up), in one order: no deadlocks. */
function rowsOf(uses: readonly CounterUse[]) {
  const rows = new Map<string, CounterUse & { keyHash: string; amount: number }>();
  for (const use of uses) {
    const hash = keyHash(use.key);
    const id = `${use.scope}\n${hash}`;
    const amount = (rows.get(id)?.amount ?? 0) + (use.amount ?? 1);
    rows.set(id, { ...use, keyHash: hash, amount });
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

/**
 * Takes every use, or none: in one transaction each count goes up by its amount (a window that has ended
 * starts again from this use); if any count passes its `max`, the transaction rolls back and the refusal
 * names the first such use. Concurrent takes wait for each other's rows, so together they never pass a
 * budget. The database's clock decides the windows, whichever instance asks.
 */
export async function takeFromCounters(
  db: Database,
  uses: readonly CounterUse[],
): Promise<CounterRefusal | null> {
  const rows = rowsOf(uses);
  if (rows.length === 0) return null;
  const over = sql`${table.windowEndsAt} <= now()`;
  try {
    await db.transaction(async (tx) => {
      const counted = await tx
        .insert(table)
        .values(
          rows.map((row) => ({
            scope: row.scope,
            keyHash: row.keyHash,
            count: row.amount,
            windowEndsAt: sql`now() + ${row.windowMs} * interval '1 millisecond'`,
          })),
        )
        .onConflictDoUpdate({
          target: [table.scope, table.keyHash],
          set: {
            count: sql`case when ${over} then excluded.count else ${table.count} + excluded.count end`,
            windowEndsAt: sql`case when ${over} then excluded.window_ends_at else ${table.windowEndsAt} end`,
          },
        })
        .returning({
          scope: table.scope,
          keyHash: table.keyHash,
          count: table.count,
          secondsLeft: sql<number>`ceil(extract(epoch from ${table.windowEndsAt} - now()))::int`,
        });
      for (const row of rows) {
        const after = counted.find((c) => c.scope === row.scope && c.keyHash === row.keyHash);
        if (after && after.count > row.max)
          throw new Refused({ scope: row.scope, retryAfterSeconds: Math.max(1, after.secondsLeft) });
      }
    });
    return null;
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}

/** Gives back what was taken (a use that turned out not to count), within the window it was taken in. */
export async function giveBackToCounters(db: Database, uses: readonly CounterUse[]): Promise<void> {
  for (const row of rowsOf(uses)) {
    await db
      .update(table)
      .set({ count: sql`greatest(${table.count} - ${row.amount}, 0)` })
      .where(
        and(eq(table.scope, row.scope), eq(table.keyHash, row.keyHash), gt(table.windowEndsAt, sql`now()`)),
      );
  }
}

/** Deletes the counters whose window has ended (the job queue runs it every hour). */
export async function pruneOnboardingCounters(db: Database): Promise<number> {
  const deleted = await db
    .delete(table)
    .where(lt(table.windowEndsAt, sql`now()`))
    .returning({ scope: table.scope });
  return deleted.length;
}
