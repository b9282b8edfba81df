import { createHash } from 'node:crypto';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Database } from '@vet/db/connection';
import { idpAttemptCounters } from '@vet/db/schema/identity';

/** What is counted (e.g. sign-ins per client address) and of whom (the address). */
export interface CounterKey {
  scope: string;
  key: string;
}

const table = idpAttemptCounters;

/** Only a hash of the key is stored: the table names no address or e-mail in clear. */
function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Each key's row, in one order, so that concurrent statements lock rows in the same order. */
function rowsOf(keys: readonly CounterKey[]) {
  return keys
    .map(({ scope, key }) => ({ scope, keyHash: keyHash(key) }))
    .sort((a, b) => a.scope.localeCompare(b.scope) || a.keyHash.localeCompare(b.keyHash));
}

function matching(keys: readonly CounterKey[]) {
  return or(...rowsOf(keys).map((row) => and(eq(table.scope, row.scope), eq(table.keyHash, row.keyHash))));
}

/**
 * Failures counted per key in a fixed window that starts at the key's first failure, in PostgreSQL (by
 * its clock), so that every instance of the provider sees the same counts, and a restart forgets none.
 */
export class AttemptCounters {
  /** `namespace` keeps one test's counts apart from the others' on a shared database. */
  constructor(
    private readonly db: Database,
    private readonly namespace = '',
  ) {}

  private named(keys: readonly CounterKey[]): CounterKey[] {
    return keys.map(({ scope, key }) => ({ scope: `${this.namespace}${scope}`, key }));
  }

  /** The failures in each key's current window, by scope (0 when none, or the window is over). */
  async counts(keys: readonly CounterKey[]): Promise<Map<string, number>> {
    const rows = await this.db
      .select({ scope: table.scope, keyHash: table.keyHash, failures: table.failures })
      .from(table)
      .where(and(matching(this.named(keys)), gt(table.windowEndsAt, sql`now()`)));
    const byRow = new Map(rows.map((row) => [`${row.scope}\n${row.keyHash}`, row.failures]));
    return new Map(
      keys.map(({ scope, key }) => [scope, byRow.get(`${this.namespace}${scope}\n${keyHash(key)}`) ?? 0]),
    );
  }

  /** Counts one failure for each key; a key whose window is over starts a new one. */
  async add(keys: readonly CounterKey[], windowMs: number): Promise<void> {
    const ends = sql`now() + ${windowMs} * interval '1 millisecond'`;
    const over = sql`${table.windowEndsAt} <= now()`;
    await this.db
      .insert(table)
      .values(rowsOf(this.named(keys)).map((row) => ({ ...row, failures: 1, windowEndsAt: ends })))
      .onConflictDoUpdate({
        target: [table.scope, table.keyHash],
        set: {
          failures: sql`case when ${over} then 1 else ${table.failures} + 1 end`,
          windowEndsAt: sql`case when ${over} then excluded.window_ends_at else ${table.windowEndsAt} end`,
        },
      });
  }

  /** Forgets the keys' failures. */
  async clear(keys: readonly CounterKey[]): Promise<void> {
    await this.db.delete(table).where(matching(this.named(keys)));
  }
}

/** Deletes the counters whose window is over (the provider runs it every hour). */
export async function pruneExpiredCounters(db: Database): Promise<number> {
  const deleted = await db
    .delete(table)
    .where(lt(table.windowEndsAt, sql`now()`))
    .returning({ scope: table.scope });
  return deleted.length;
}
