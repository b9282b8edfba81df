import type { TestProject } from 'vitest/node';
import { createScratchDatabase } from '../scratch-database.ts';
import { startDatabaseServer } from '../server.ts';

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
  try {
    const database = await createScratchDatabase(server.url, 'portal_test');
    project.provide('databaseUrl', database.url);
    return async () => {
      await database.drop();
      await server.stop();
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
