import { afterAll, beforeAll, inject } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../connection.ts';
import { copyScratchDatabase, type ScratchDatabase } from '../scratch-database.ts';

/**
 * A migrated database of a test's own, copied from the run's template on the run's server; the caller
 * drops it. For tests that start whole processes on a database (a rolling deploy, the walkthrough).
 */
export function copyTestDatabase(prefix: string): Promise<ScratchDatabase> {
  const serverUrl = new URL(inject('databaseUrl'));
  serverUrl.pathname = '/postgres';
  return copyScratchDatabase(serverUrl.toString(), prefix, inject('templateDatabase'));
}

/**
 * A migrated database of the test file's own, dropped after its tests. For what takes every row of a kind
 * in its database (the e-mail worker, the event dispatcher): on the run's shared database it would take
 * other files' e-mails or deliveries, and theirs would take ours. Read the handle inside tests.
 */
export function useOwnDatabase(prefix: string): { current: DatabaseHandle & { url: string } } {
  const holder = {} as { current: DatabaseHandle & { url: string } };
  let scratch: ScratchDatabase | undefined;
  beforeAll(async () => {
    scratch = await copyTestDatabase(prefix);
    holder.current = { ...connectDatabase(scratch.url), url: scratch.url };
  });
  afterAll(async () => {
    await holder.current?.close();
    await scratch?.drop();
  });
  return holder;
}

/**
 * useOwnDatabase as a handle whose `db`, `pool` and `url` are read when used: for a kit that takes a
 * database when its file is loaded (useSignedInTestApp) and opens it in its hooks, after this one's.
 */
export function useOwnDatabaseHandle(prefix: string): Pick<DatabaseHandle, 'db' | 'pool'> & { url: string } {
  const own = useOwnDatabase(prefix);
  return {
    get db() {
      return own.current.db;
    },
    get pool() {
      return own.current.pool;
    },
    get url() {
      return own.current.url;
    },
  };
}
