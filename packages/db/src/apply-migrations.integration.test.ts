import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, inject } from 'vitest';
import { applyMigrations } from './apply-migrations.ts';
import { dropDatabase, ensureDatabase } from './server.ts';

/** An empty database of this file's own, and a folder of migrations written by each test. */
const serverUrl = new URL(inject('databaseUrl'));
serverUrl.pathname = '/postgres';
const name = `portal_apply_${randomBytes(4).toString('hex')}`;
const url = new URL(serverUrl);
url.pathname = `/${name}`;

let client: pg.Client;
const folders: string[] = [];

beforeAll(async () => {
  await ensureDatabase(serverUrl.toString(), name);
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
});
afterEach(async () => {
  await client.query('drop schema if exists drizzle cascade; drop table if exists visits cascade');
});
afterAll(async () => {
  await client?.end();
  await dropDatabase(serverUrl.toString(), name);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A migrations folder as drizzle-kit writes it: a journal and one SQL file per migration. */
function folderOf(migrations: readonly string[]): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
  folders.push(folder);
  mkdirSync(path.join(folder, 'meta'));
  const entries = migrations.map((sql, idx) => {
    const tag = `000${idx}_step`;
    writeFileSync(path.join(folder, `${tag}.sql`), sql);
    return { idx, version: '7', when: 1_800_000_000_000 + idx, tag, breakpoints: true };
  });
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ version: '7', entries }));
  return folder;
}

async function recorded(): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  );
  return rows[0]!.n;
}

async function indexValid(index: string): Promise<boolean | null> {
  const { rows } = await client.query<{ valid: boolean }>(
    'select indisvalid as valid from pg_index where indexrelid = to_regclass($1)',
    [index],
  );
  return rows[0]?.valid ?? null;
}

const createVisits =
  'CREATE TABLE "visits" ("id" serial PRIMARY KEY, "ref" text NOT NULL, "minutes" integer);--> statement-breakpoint\n' +
  `INSERT INTO "visits" ("ref", "minutes") VALUES ('a', 10), ('b', 20), ('b', 30);`;

describe('applying migrations, some outside a transaction (decision 0125)', () => {
  it('builds an index concurrently between ordinary migrations, records each once, and a rerun does nothing', async () => {
    const folder = folderOf([
      createVisits,
      'CREATE INDEX CONCURRENTLY "visits_ref_idx" ON "visits" USING btree ("ref");',
      'ALTER TABLE "visits" ADD COLUMN "note" text;',
    ]);
    expect(await applyMigrations(client, folder)).toBe(3);
    expect(await indexValid('visits_ref_idx')).toBe(true);
    expect(await recorded()).toBe(3);
    expect(await applyMigrations(client, folder)).toBe(0);
    expect(await recorded()).toBe(3);
  });

  it('adds a constraint NOT VALID, then validates it in a migration of its own', async () => {
    const folder = folderOf([
      createVisits,
      'ALTER TABLE "visits" ADD CONSTRAINT "visits_minutes_positive" CHECK ("minutes" > 0) NOT VALID;',
      'ALTER TABLE "visits" VALIDATE CONSTRAINT "visits_minutes_positive";',
    ]);
    expect(await applyMigrations(client, folder)).toBe(3);
    const { rows } = await client.query<{ validated: boolean }>(
      `select convalidated as validated from pg_constraint where conname = 'visits_minutes_positive'`,
    );
    expect(rows[0]?.validated).toBe(true);
  });

  it('drops the INVALID index a failed concurrent build left, and builds it again on the next run', async () => {
    const folder = folderOf([
      createVisits,
      'CREATE UNIQUE INDEX CONCURRENTLY "visits_ref_key" ON "visits" USING btree ("ref");',
    ]);
    // Two visits share a ref: the unique build fails after creating its catalogue entry.
    await expect(applyMigrations(client, folder)).rejects.toThrow(/could not create unique index/);
    expect(await indexValid('visits_ref_key')).toBe(false);
    expect(await recorded()).toBe(1);

    await client.query(`delete from visits where ref = 'b' and minutes = 30`);
    expect(await applyMigrations(client, folder)).toBe(1);
    expect(await indexValid('visits_ref_key')).toBe(true);
    expect(await recorded()).toBe(2);
  });

  it('leaves a failed ordinary batch unrecorded and its changes undone', async () => {
    const folder = folderOf([createVisits, 'ALTER TABLE "visits" ADD COLUMN "ref" text;']);
    await expect(applyMigrations(client, folder)).rejects.toThrow(/already exists/);
    expect(await recorded()).toBe(0);
    const { rows } = await client.query<{ found: string | null }>(
      `select to_regclass('visits')::text as found`,
    );
    expect(rows[0]?.found).toBeNull();
  });

  it('commits a new enum value before a later migration of the same run writes rows of it (decision 0168)', async () => {
    const folder = folderOf([
      `CREATE TYPE "visit_kind" AS ENUM('consult');--> statement-breakpoint\n${createVisits}--> statement-breakpoint\n` +
        'ALTER TABLE "visits" ADD COLUMN "kind" "visit_kind";',
      `ALTER TYPE "visit_kind" ADD VALUE 'message' AFTER 'consult';`,
      `UPDATE "visits" SET "kind" = 'message' WHERE "ref" = 'a';`,
    ]);
    try {
      expect(await applyMigrations(client, folder)).toBe(3);
      const { rows } = await client.query<{ kind: string }>(`select kind from visits where ref = 'a'`);
      expect(rows).toEqual([{ kind: 'message' }]);
    } finally {
      await client.query('drop table if exists visits; drop type if exists visit_kind');
    }
  });
});

describe('an ordinary migration behind a long transaction', () => {
  it('gives up after its lock timeout, unrecorded, and applies once the table is free', async () => {
    await applyMigrations(client, folderOf([createVisits]));
    const folder = folderOf([createVisits, 'ALTER TABLE "visits" ADD COLUMN "note" text;']);
    const reader = new pg.Client({ connectionString: url.toString() });
    await reader.connect();
    try {
      // A reader's open transaction holds the table's shared lock, which ALTER TABLE must wait for.
      await reader.query('begin; select count(*) from visits');
      await expect(applyMigrations(client, folder, { lockTimeoutMs: 50 })).rejects.toThrow(/lock timeout/);
      expect(await recorded()).toBe(1);
      await reader.query('commit');
      expect(await applyMigrations(client, folder, { lockTimeoutMs: 50 })).toBe(1);
    } finally {
      await reader.end();
    }
  });
});
