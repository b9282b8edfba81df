import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../connection.ts';
import { runMigrations } from '../migrate.ts';
import { dropDatabase, ensureDatabase, startDatabaseServer } from '../server.ts';

/**
 * Gives the integration tests a fresh, migrated database of their own on real PostgreSQL: on the server
 * named by DATABASE_URL, or on an embedded server started for the run. Dropped afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = Number(process.env.TEST_EMBEDDED_PG_PORT ?? 54330);
  const server = await startDatabaseServer({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: `.data/test-postgres-${port}`,
    port,
    database: 'postgres',
  });
  const adminUrl = server.url;
  const name = `portal_test_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(adminUrl, name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = connectDatabase(url.toString(), { max: 1 });
  await runMigrations(handle.pool);
  await handle.close();
  project.provide('databaseUrl', url.toString());
  return async () => {
    await dropDatabase(adminUrl, name);
    await server.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
