import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { Logger, runMigrations as runJobQueueMigrations } from 'graphile-worker';
import pg from 'pg';
import { applyMigrations } from './apply-migrations.ts';
import { appRolesVariable, DatabaseRoleError, grantAppPrivileges } from './database-roles.ts';

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** An arbitrary constant: the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_ID = 7_354_120_001;

export interface MigrateOptions {
  /**
   * Roles to grant the apps' privileges to once the schema is up to date (DATABASE_APP_ROLES, the migrate
   * step's; decision 0092). None: nothing granted, as in a local run where one superuser does everything.
   */
  grantTo?: readonly string[];
  /** How long an ordinary migration waits for a table's lock (MIGRATE_LOCK_TIMEOUT_MS; decision 0125). */
  lockTimeoutMs?: number;
}

/**
 * Brings the schema up to date: ours, then the job queue's (graphile-worker's `graphile_worker` schema,
 * which the e-mail outbox adds jobs to in the same transaction as its rows), so that the job queue's
 * workers, which check it as they start, find nothing to change and need no DDL of their own; then grants
 * the app roles their privileges. Safe to run at every start, and by several processes at once: a
 * session-level advisory lock on one connection makes the others wait and then find nothing to do.
 */
export async function runMigrations(pool: pg.Pool, options: MigrateOptions = {}): Promise<void> {
  const client = await pool.connect();
  try {
    // A migration may take longer than the apps' statement timeout allows a query (connection.ts):
    // none for this session, then back to the pool's default before the connection goes back to it.
    await client.query('set statement_timeout = 0');
    await takeMigrationLock(client);
    await applyMigrations(client, migrationsFolder, { lockTimeoutMs: options.lockTimeoutMs });
    await migrateJobQueue(pool.options);
    await grantAppPrivileges(client, options.grantTo ?? []);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.query('reset statement_timeout').catch(() => {});
    client.release();
  }
}

/**
 * Tries for the lock until it is free rather than waiting in `pg_advisory_lock`: a waiting statement holds
 * a snapshot, and a concurrent index build waits for every older snapshot to end, so the holder's build
 * and the waiter would wait on each other (decision 0125).
 */
async function takeMigrationLock(client: pg.ClientBase): Promise<void> {
  for (;;) {
    const { rows } = await client.query<{ taken: boolean }>('select pg_try_advisory_lock($1) as taken', [
      MIGRATION_LOCK_ID,
    ]);
    if (rows[0]?.taken) return;
    await delay(250);
  }
}

/**
 * How many of this build's migrations the database lacks (drizzle records each applied one by its
 * journal time, and applies those newer than the last it recorded). A database ahead of the build (a
 * newer release migrated it during a rolling deploy) lacks none.
 */
export async function pendingMigrations(pool: pg.Pool): Promise<number> {
  const known = readMigrationFiles({ migrationsFolder });
  try {
    const table = await pool.query<{ found: boolean }>(
      `select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
    );
    if (!table.rows[0]?.found) return known.length;
    const { rows } = await pool.query<{ last: string | null }>(
      'select max(created_at)::text as last from drizzle.__drizzle_migrations',
    );
    const last = rows[0]?.last == null ? -Infinity : Number(rows[0].last);
    return known.filter((migration) => migration.folderMillis > last).length;
  } catch (error) {
    // An app role the migrate step was not told about (decision 0092): say which setting grants it.
    if ((error as { code?: string }).code !== '42501') throw error;
    throw new DatabaseRoleError(
      "The database role lacks the apps' privileges (permission denied reading the migrations): run the " +
        `migrate step with ${appRolesVariable} naming the role in this DATABASE_URL.`,
    );
  }
}

export class SchemaBehindError extends Error {
  override name = 'SchemaBehindError';
}

/**
 * For an instance that does not migrate at start-up (production, decision 0068): refuses to run on a
 * schema older than its code, which would fail on the first query that needs the new parts.
 */
export async function requireCurrentSchema(pool: pg.Pool): Promise<void> {
  const pending = await pendingMigrations(pool);
  if (pending === 0) return;
  throw new SchemaBehindError(
    `The database lacks ${pending} of this build's migrations: run the migrate step first ` +
      '(npm run migrate, or node dist/migrate/migrate.mjs), or set MIGRATE_ON_START=true.',
  );
}

/**
 * graphile-worker migrates through a pool of its own; a second connection, since the caller's pool may
 * have only the one that holds the lock. Its log lines are debug notes, so none is printed.
 */
async function migrateJobQueue(options: pg.PoolConfig): Promise<void> {
  // No statement timeout either (see runMigrations): the options are the apps' pool's.
  const queuePool = new pg.Pool({ ...options, max: 1, statement_timeout: false });
  queuePool.on('error', () => {});
  queuePool.on('connect', (client) => client.on('error', () => {}));
  try {
    await runJobQueueMigrations({ pgPool: queuePool, logger: new Logger(() => () => {}) });
  } finally {
    await queuePool.end();
  }
}
