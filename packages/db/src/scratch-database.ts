import { randomBytes } from 'node:crypto';
import { connectDatabase } from './connection.ts';
import { runMigrations } from './migrate.ts';
import { copyDatabase, dropDatabase, ensureDatabase } from './server.ts';

export interface ScratchDatabase {
  url: string;
  /** The database's name on its server (a template's name, for `copyScratchDatabase`). */
  name: string;
  drop: () => Promise<void>;
}

const uniqueName = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new, uniquely named, migrated database on the server at `serverUrl`, for one test run or benchmark;
 * `drop` removes it. Runs never see each other's data, nor the demo data of `npm start`.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = uniqueName(prefix);
  await ensureDatabase(serverUrl, name);
  const url = databaseUrl(serverUrl, name);
  const handle = connectDatabase(url, { max: 1 });
  try {
    await runMigrations(handle.pool);
  } finally {
    await handle.close();
  }
  return { url, name, drop: () => dropDatabase(serverUrl, name) };
}

/**
 * A new, uniquely named copy of `template` (a migrated scratch database nobody is connected to) on the
 * same server: PostgreSQL copies its files, a tenth of the time it takes to run every migration again,
 * which dozens of test files that need a database of their own would otherwise each do.
 */
export async function copyScratchDatabase(
  serverUrl: string,
  prefix: string,
  template: string,
): Promise<ScratchDatabase> {
  const name = uniqueName(prefix);
  await copyDatabase(serverUrl, name, template);
  return { url: databaseUrl(serverUrl, name), name, drop: () => dropDatabase(serverUrl, name) };
}
