import { connectDatabase } from '@vet/db/connection';
import { runMigrations } from '@vet/db/migrate';
import { dropDatabase, ensureDatabase, startDatabaseServer } from '@vet/db/server';
import { groupShape, seedGroup, totals } from './group-data-set.ts';

/**
 * A bench's PostgreSQL server: DATABASE_URL's, or else an embedded one in its own data folder and port
 * (stopped by `stop`); the bench makes its databases on it.
 */
export function startBenchDatabaseServer(dataDir: string, embeddedPort: number) {
  return startDatabaseServer({
    databaseUrl: process.env.DATABASE_URL,
    dataDir,
    port: embeddedPort,
    database: 'postgres',
  });
}

/**
 * A fresh database (`bench_group` unless named) on DATABASE_URL's server (or the embedded one, in its own
 * data folder and port), migrated and seeded with the group at `scale`. Rebuilt, because the
 * appointments are placed relative to today, unless `reuse` is set (BENCH_REUSE=1) and the database
 * already holds a group of that size seeded today: a full-scale seed takes minutes. The database is kept
 * after the run (for EXPLAINs by hand); the embedded server is stopped.
 */
export async function prepareGroupDatabase(
  scale: number,
  embeddedPort: number,
  log: (line: string) => void,
  options: { database?: string; reuse?: boolean } = {},
): Promise<{ url: string; stop: () => Promise<void> }> {
  const DATABASE = options.database ?? 'bench_group';
  const server = await startBenchDatabaseServer('.data/bench-group-postgres', embeddedPort);
  try {
    const url = new URL(server.url);
    const adminUrl = url.toString();
    url.pathname = `/${DATABASE}`;
    const shape = groupShape(scale);
    if (options.reuse && (await seededToday(adminUrl, url.toString(), DATABASE, shape.practices))) {
      log(`Reusing ${DATABASE}: seeded today with ${shape.practices} practices (BENCH_REUSE=1)`);
      return { url: url.toString(), stop: server.stop };
    }
    await dropDatabase(adminUrl, DATABASE);
    await ensureDatabase(adminUrl, DATABASE);
    const handle = connectDatabase(url.toString(), { max: 1 });
    try {
      await runMigrations(handle.pool);
    } finally {
      await handle.close();
    }
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

/** Whether the database exists, holds `practices` practices, and was seeded today (its practices' rows). */
async function seededToday(
  adminUrl: string,
  url: string,
  database: string,
  practices: number,
): Promise<boolean> {
  const admin = connectDatabase(adminUrl, { max: 1 });
  try {
    const found = await admin.pool.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) return false;
  } finally {
    await admin.close();
  }
  const handle = connectDatabase(url, { max: 1 });
  try {
    const { rows } = await handle.pool.query<{ practices: string; today: boolean }>(
      `select (select count(*) from practices) as practices,
              coalesce((select max(created_at)::date = current_date from practices), false) as today`,
    );
    return Number(rows[0]?.practices) === practices && rows[0]?.today === true;
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}
