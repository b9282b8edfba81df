import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { connectDatabase, type DatabaseHandle } from './connection.ts';
import { pendingMigrations, requireCurrentSchema, runMigrations, SchemaBehindError } from './migrate.ts';
import { dropDatabase, ensureDatabase } from './server.ts';

/** An empty database of this file's own: the run's shared one is already migrated. */
const serverUrl = new URL(inject('databaseUrl'));
serverUrl.pathname = '/postgres';
const name = `portal_migrate_${randomBytes(4).toString('hex')}`;
const url = new URL(serverUrl);
url.pathname = `/${name}`;

/** A pool whose every statement may take 50 ms: what DATABASE_STATEMENT_TIMEOUT_MS=50 gives an app. */
let timed: DatabaseHandle;

beforeAll(async () => {
  await ensureDatabase(serverUrl.toString(), name);
  timed = connectDatabase(url.toString(), { max: 2, statementTimeoutMs: 50 });
});
afterAll(async () => {
  await timed?.close();
  await dropDatabase(serverUrl.toString(), name);
});

describe('migrations as their own step', () => {
  it('counts every migration as pending on an empty database, and refuses it by name of the step', async () => {
    const pending = await pendingMigrations(timed.pool);
    expect(pending).toBeGreaterThan(10);
    const refusal = await requireCurrentSchema(timed.pool).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SchemaBehindError);
    expect((refusal as Error).message).toBe(
      `The database lacks ${pending} of this build's migrations: run the migrate step first ` +
        '(npm run migrate, or node dist/migrate/migrate.mjs), or set MIGRATE_ON_START=true.',
    );
  });

  it('applies the statement timeout to the pool’s queries', async () => {
    await expect(timed.pool.query('select pg_sleep(0.5)')).rejects.toThrow(/statement timeout/);
  });

  it('migrates without the pool’s statement timeout, and leaves the timeout in place afterwards', async () => {
    await runMigrations(timed.pool);
    expect(await pendingMigrations(timed.pool)).toBe(0);
    await expect(requireCurrentSchema(timed.pool)).resolves.toBeUndefined();
    const shown = await timed.pool.query<{ statement_timeout: string }>('show statement_timeout');
    expect(shown.rows[0]?.statement_timeout).toBe('50ms');
  });
});
