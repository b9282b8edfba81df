import { connectDatabase, type DatabaseHandle } from '@vet/db/connection';
import { createScratchDatabase, type ScratchDatabase } from '@vet/db/scratch-database';
import { afterAll, beforeAll, inject } from 'vitest';

/**
 * A migrated database of the test file's own. A dispatcher takes every due delivery of its database, so
 * on the run's shared one it would deliver (and park) other files' events, and theirs would take ours.
 * Read the handle inside tests.
 */
export function useScratchDatabase(prefix: string): { current: DatabaseHandle & { url: string } } {
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
