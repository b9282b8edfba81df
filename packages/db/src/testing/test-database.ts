import { afterAll, inject } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../connection.ts';

/** The run's migrated test database; the pool closes after the file's tests. */
export function useTestDatabase(options: { max?: number } = {}): DatabaseHandle & { url: string } {
  const url = inject('databaseUrl');
  const handle = connectDatabase(url, options);
  afterAll(() => handle.close());
  return { ...handle, url };
}
