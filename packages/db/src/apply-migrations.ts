import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { concurrentIndexOf, isBlank, migrationRunsAlone } from './migration-kinds.ts';

/**
 * Drizzle's own record of applied migrations (drizzle-orm 0.45, `PgDialect.migrate`): the same schema,
 * table and columns, so `drizzle-kit` and `pendingMigrations` read what this writes.
 */
const journalTable = 'drizzle.__drizzle_migrations';

/** How long an ordinary migration waits for a table's lock before the step fails, to be run again. */
const defaultLockTimeoutMs = 5_000;

/**
 * Applies the migrations in `folder` that the database lacks, in journal order (decision 0125). Drizzle's
 * migrator runs every pending migration in one transaction, where PostgreSQL refuses `CREATE INDEX
 * CONCURRENTLY` (drizzle-orm issue 860, open): so this runs them as drizzle does, a run of ordinary
 * migrations in one transaction with their journal rows, except that a migration that runs alone
 * (migration-kinds.ts) commits each statement on its own and records its row last. A failure leaves it
 * unrecorded; the next run starts it again, dropping the INVALID index a failed concurrent build left.
 * The caller holds the migration lock on `client`'s session. Returns how many it applied.
 *
 * An ordinary batch waits at most `lockTimeoutMs` for a table's lock, then fails: an ALTER TABLE queued
 * behind a long transaction would otherwise hold every later reader and writer of that table in the queue
 * behind it. A migration that runs alone waits as long as it must, since its locks block no writes.
 */
export async function applyMigrations(
  client: pg.ClientBase,
  folder: string,
  { lockTimeoutMs = defaultLockTimeoutMs }: { lockTimeoutMs?: number } = {},
): Promise<number> {
  const migrations = readMigrationFiles({ migrationsFolder: folder });
  await client.query('create schema if not exists drizzle');
  await client.query(
    `create table if not exists ${journalTable} (id serial primary key, hash text not null, created_at bigint)`,
  );
  const { rows } = await client.query<{ last: string | null }>(
    `select max(created_at)::text as last from ${journalTable}`,
  );
  const last = rows[0]?.last == null ? -Infinity : Number(rows[0].last);
  const pending = migrations.filter((migration) => migration.folderMillis > last);

  let batch: MigrationMeta[] = [];
  for (const migration of pending) {
    if (!migrationRunsAlone(migration.sql)) {
      batch.push(migration);
      continue;
    }
    await applyInOneTransaction(client, batch, lockTimeoutMs);
    batch = [];
    await applyAlone(client, migration);
  }
  await applyInOneTransaction(client, batch, lockTimeoutMs);
  return pending.length;
}

async function applyInOneTransaction(
  client: pg.ClientBase,
  batch: readonly MigrationMeta[],
  lockTimeoutMs: number,
): Promise<void> {
  if (batch.length === 0) return;
  await client.query('begin');
  try {
    await client.query(`set local lock_timeout = ${Math.trunc(lockTimeoutMs)}`);
    for (const migration of batch) {
      for (const statement of migration.sql) await client.query(statement);
      await record(client, migration);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

async function applyAlone(client: pg.ClientBase, migration: MigrationMeta): Promise<void> {
  for (const statement of migration.sql) {
    if (isBlank(statement)) continue;
    const index = concurrentIndexOf(statement);
    if (index !== null && (await readyOrCleared(client, index.name, index.schema))) continue;
    await client.query(statement);
  }
  await record(client, migration);
}

/**
 * True when the index already exists and is valid (a run that built it failed later, before its row was
 * written). An INVALID one, left by a concurrent build that failed, is dropped so that it is built again.
 */
async function readyOrCleared(client: pg.ClientBase, name: string, schema: string | null): Promise<boolean> {
  const { rows } = await client.query<{ valid: boolean; qualified: string }>(
    `select i.indisvalid as valid, format('%I.%I', n.nspname, c.relname) as qualified
       from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
      where c.relname = $1 and n.nspname = coalesce($2, current_schema())`,
    [name, schema],
  );
  const found = rows[0];
  if (found === undefined) return false;
  if (found.valid) return true;
  await client.query(`drop index concurrently if exists ${found.qualified}`);
  return false;
}

async function record(client: pg.ClientBase, migration: MigrationMeta): Promise<void> {
  await client.query(`insert into ${journalTable} ("hash", "created_at") values ($1, $2)`, [
    migration.hash,
    migration.folderMillis,
  ]);
}
