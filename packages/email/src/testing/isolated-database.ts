import { afterAll, beforeAll, inject } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '@vet/db/connection';
import { createScratchDatabase, type ScratchDatabase } from '@vet/db/scratch-database';

/**
 * A migrated database of the test file's own. The run's shared database will not do for worker tests: a
 * worker takes every job in its database, so it would deliver other test files' e-mails (and theirs
 * would take ours). Read the handle inside tests.
 */
export function useIsolatedDatabase(prefix: string): { current: DatabaseHandle & { url: string } } {
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
