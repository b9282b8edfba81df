import type { TestProject } from 'vitest/node';
import { copyScratchDatabase, createScratchDatabase, type ScratchDatabase } from '../scratch-database.ts';
import { startDatabaseServer } from '../server.ts';

/**
 * Gives the integration tests real PostgreSQL: on the server named by DATABASE_URL, or on an embedded
 * server started for the run. Every migration runs once, into a template no test connects to; the run's
 * shared database and each file's own (useOwnDatabase) are copies of it. All are dropped afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The isolated files' project (vitest.config.ts) runs this setup too: an embedded server of its own.
  const port = Number(process.env.TEST_EMBEDDED_PG_PORT ?? 54330) + (project.name === 'integration' ? 0 : 2);
  const server = await startDatabaseServer({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: `.data/test-postgres-${port}`,
    port,
    database: 'postgres',
  });
  const made: ScratchDatabase[] = [];
  const dropAll = async () => {
    for (const database of made.reverse()) await database.drop();
  };
  try {
    const template = await createScratchDatabase(server.url, 'portal_template');
    made.push(template);
    const shared = await copyScratchDatabase(server.url, 'portal_test', template.name);
    made.push(shared);
    project.provide('databaseUrl', shared.url);
    project.provide('templateDatabase', template.name);
    return async () => {
      await dropAll();
      await server.stop();
    };
  } catch (error) {
    await dropAll();
    await server.stop();
    throw error;
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** The migrated template every test database is copied from (`copyTestDatabase`). */
    templateDatabase: string;
  }
}
