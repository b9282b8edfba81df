import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from './connection.ts';

/**
 * A transaction whose BEGIN fails must give its connection back (drizzle-orm#6241, patched in
 * patches/): a server restart ends a pooled connection just as it is checked out, and a pool that kept
 * such connections would soon have none left, hanging every request (and the dispatcher's stop).
 */
describe('a transaction on the pool', () => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  /** Leaves the pool's only connection in an aborted transaction: its next BEGIN fails (25P02). */
  async function poisonTheOnlyConnection(pool: DatabaseHandle['pool']): Promise<void> {
    const client = await pool.connect();
    await client.query('begin');
    await client.query('select 1 / 0').catch(() => {});
    client.release();
  }

  it('gives the connection back when BEGIN fails, so the next one runs', async () => {
    handle = connectDatabase(inject('databaseUrl'), { max: 1 });
    handle.pool.options.connectionTimeoutMillis = 2000;
    await poisonTheOnlyConnection(handle.pool);

    await expect(handle.db.transaction(() => Promise.resolve('never'))).rejects.toThrow();
    // With the connection kept checked out this waits for one, and times out.
    const next = await handle.db.transaction((tx) => tx.execute(sql`select 1 as one`));
    expect(next.rows).toEqual([{ one: 1 }]);
    expect(handle.pool.totalCount).toBe(1);
  });

  it('throws the transaction’s own error when its rollback fails too, and drops the connection', async () => {
    handle = connectDatabase(inject('databaseUrl'), { max: 1 });
    const { pool, db } = handle;
    const failure = db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      // Another session ends this one: its next statements (and the rollback) fail.
      const other = connectDatabase(inject('databaseUrl'), { max: 1 });
      await other.pool.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await other.close();
      throw new Error('the work failed');
    });
    await expect(failure).rejects.toThrow('the work failed');
    const next = await db.execute(sql`select 1 as one`);
    expect(next.rows).toEqual([{ one: 1 }]);
    expect(pool.totalCount).toBe(1);
  });
});
