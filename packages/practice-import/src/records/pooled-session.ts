import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { stagingTable } from '../engine/import-files.ts';
import { createRefusalsTable } from '../engine/refusals.ts';
import type { Session } from '../engine/session.ts';
import { createStagingTable } from '../engine/staging-tables.ts';
import { recordKinds } from '../kinds/index.ts';
import type { LookupLists } from '../kinds/kind.ts';
import { loadLookupLists } from '../kinds/lookup-lists.ts';

/**
 * The rows staged on each pooled connection since its staging tables were last truncated; none: the
 * tables are not made yet. They are made once per connection, not per call (each CREATE writes the system
 * catalogs), and emptied by DELETE at the end of each call; as autovacuum never visits temporary tables,
 * they are truncated once their dead rows pass `truncateAfterRows`.
 */
const stagedRows = new WeakMap<pg.PoolClient, number>();
const truncateAfterRows = 10_000;

/**
 * Runs `work` in one transaction on one connection of the pool, as the import's session: the staging and
 * refusal tables exist (and are empty) when it starts, and `work` leaves them empty. On an error the
 * connection is dropped, tables and all, rather than given back in an unknown state.
 */
export async function inStagingSession<T>(
  pool: pg.Pool,
  rows: number,
  work: (session: Session) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    const session = pooledSession(client);
    const staged = stagedRows.get(client);
    if (staged === undefined) {
      await createRefusalsTable(session);
      for (const kind of recordKinds) await createStagingTable(session, kind);
    }
    await session.query('begin');
    let result: T;
    try {
      result = await work(session);
      await session.query('commit');
    } catch (error) {
      await session.query('rollback');
      throw error;
    }
    const total = (staged ?? 0) + rows;
    if (total > truncateAfterRows)
      await session.query(
        `truncate import_refusals, ${recordKinds.map((k) => stagingTable(k.file)).join(', ')}`,
      );
    stagedRows.set(client, total > truncateAfterRows ? 0 : total);
    return result;
  } catch (error) {
    failure = error instanceof Error ? error : new Error('a staging session failed');
    throw error;
  } finally {
    client.release(failure);
  }
}

function pooledSession(client: pg.PoolClient): Session {
  return {
    client,
    db: drizzle(client),
    query: async <Row extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
      (await client.query<Row>(text, values)).rows,
    close: () => {
      client.release();
      return Promise.resolve();
    },
  };
}

/**
 * The portal's lists (species, breeds…), held per pool while they are unchanged: reading them costs more
 * than the rest of a small call (decision 0065). The lists' writers move lists_version in their
 * transaction (decision 0096); each call reads it (one row), and the lists are read again, with the
 * version in the same snapshot, when it moved: a group's new breed is matched by the next call, on any
 * instance. Rows written otherwise (SQL by hand) are read at the latest a minute on. Read before a
 * staging session takes its connection, so a call never holds one while waiting for others.
 */
const lookupCache = new WeakMap<pg.Pool, Promise<{ version: string; readAt: number; lists: LookupLists }>>();
const lookupsKeptMs = 60_000;

const versionOf = async (executor: { execute: NodePgDatabase['execute'] }) =>
  String(
    (await executor.execute<{ version: string }>(sql`select version::text from lists_version`)).rows[0]
      ?.version,
  );

export async function lookupListsOf(pool: pg.Pool): Promise<LookupLists> {
  const db = drizzle(pool);
  const cached = lookupCache.get(pool);
  if (cached) {
    const [held, version] = await Promise.all([cached.catch(() => undefined), versionOf(db)]);
    if (held?.version === version && performance.now() - held.readAt < lookupsKeptMs) return held.lists;
  }
  const reading = db.transaction(
    async (tx) => ({
      version: await versionOf(tx),
      readAt: performance.now(),
      lists: await loadLookupLists(tx),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  lookupCache.set(pool, reading);
  // A failed read is not kept: the next call reads again.
  reading.catch(() => {
    if (lookupCache.get(pool) === reading) lookupCache.delete(pool);
  });
  return (await reading).lists;
}
