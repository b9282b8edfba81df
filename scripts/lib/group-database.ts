import { connectDatabase } from '@vet/db/connection';
import { runMigrations } from '@vet/db/migrate';
import { dropDatabase, ensureDatabase, startDatabaseServer } from '@vet/db/server';
import { groupShape, seedGroup, totals } from './group-data-set.ts';

const DATABASE = 'bench_group';

/**
 * A fresh `bench_group` database on DATABASE_URL's server (or the embedded one, in its own data folder
 * and port), migrated and seeded with the group at `scale`. Always rebuilt, because the appointments are
 * placed relative to today. The database is kept after the run (for EXPLAINs by hand); the embedded
 * server is stopped.
 */
export async function prepareGroupDatabase(
  scale: number,
  embeddedPort: number,
  log: (line: string) => void,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = await startDatabaseServer({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: '.data/bench-group-postgres',
    port: embeddedPort,
    database: 'postgres',
  });
  try {
    const url = new URL(server.url);
    const adminUrl = url.toString();
    url.pathname = `/${DATABASE}`;
    await dropDatabase(adminUrl, DATABASE);
    await ensureDatabase(adminUrl, DATABASE);
    const handle = connectDatabase(url.toString(), { max: 1 });
    try {
      await runMigrations(handle.pool);
    } finally {
      await handle.close();
    }
    const shape = groupShape(scale);
    const count = totals(shape);
    log(
      `Seeding ${DATABASE} at scale ${scale}: ${count.practices} practices, ${count.clinicians} clinicians, ` +
        `${count.clients} clients, ${count.appointments} appointments…`,
    );
    const started = performance.now();
    await seedGroup(url.toString(), shape, log);
    log(`seeding took ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { url: url.toString(), stop: server.stop };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
