import { afterAll, beforeAll, inject } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../connection.ts';
import { createScratchDatabase, type ScratchDatabase } from '../scratch-database.ts';

/**
 * A migrated database of the test file's own, dropped after its tests. For what takes every row of a kind
 * in its database (the e-mail worker, the event dispatcher): on the run's shared database it would take
 * other files' e-mails or deliveries, and theirs would take ours. Read the handle inside tests.
 */
export function useOwnDatabase(prefix: string): { current: DatabaseHandle & { url: string } } {
  const holder = {} as { current: DatabaseHandle & { url: string } };
  let scratch: ScratchDatabase | undefined;
  beforeAll(async () => {
    const serverUrl = new URL(inject('databaseUrl'));
    serverUrl.pathname = '/postgres';
    scratch = await createScratchDatabase(serverUrl.toString(), prefix);
    holder.current = { ...connectDatabase(scratch.url), url: scratch.url };
  });
  afterAll(async () => {
    await holder.current?.close();
    await scratch?.drop();
  });
  return holder;
}
