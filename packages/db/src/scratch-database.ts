import { randomBytes } from 'node:crypto';
import { connectDatabase } from './connection.ts';
import { runMigrations } from './migrate.ts';
import { dropDatabase, ensureDatabase } from './server.ts';

export interface ScratchDatabase {
  url: string;
  drop: () => Promise<void>;
}

/**
 * A new, uniquely named, migrated database on the server at `serverUrl`, for one test run or benchmark;
 * `drop` removes it. Runs never see each other's data, nor the demo data of `npm start`.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(serverUrl, name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = connectDatabase(url.toString(), { max: 1 });
  try {
    await runMigrations(handle.pool);
  } finally {
    await handle.close();
  }
  return { url: url.toString(), drop: () => dropDatabase(serverUrl, name) };
}
