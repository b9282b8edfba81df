import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Logger, runMigrations as runJobQueueMigrations } from 'graphile-worker';
import pg from 'pg';

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** An arbitrary constant: the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_ID = 7_354_120_001;

/**
 * Brings the schema up to date: ours, then the job queue's (graphile-worker's `graphile_worker` schema,
 * which the e-mail outbox adds jobs to in the same transaction as its rows). Safe to run at every start,
 * and by several processes at once: drizzle's migrator does not lock, so a session-level advisory lock on
 * one connection makes the others wait and then find nothing to do.
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle(client), { migrationsFolder });
    await migrateJobQueue(pool.options);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}

/**
 * graphile-worker migrates through a pool of its own; a second connection, since the caller's pool may
 * have only the one that holds the lock. Its log lines are debug notes, so none is printed.
 */
async function migrateJobQueue(options: pg.PoolConfig): Promise<void> {
  const queuePool = new pg.Pool({ ...options, max: 1 });
  queuePool.on('error', () => {});
  queuePool.on('connect', (client) => client.on('error', () => {}));
  try {
    await runJobQueueMigrations({ pgPool: queuePool, logger: new Logger(() => () => {}) });
  } finally {
    await queuePool.end();
  }
}
