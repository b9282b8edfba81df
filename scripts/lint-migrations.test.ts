import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrationsFolder } from '@vet/db/migrate';
import { afterAll, describe, expect, it } from 'vitest';
import { baseline } from './lib/migration-lint/baseline.ts';
import { lintMigrations } from './lib/migration-lint/lint-migrations.ts';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A drizzle-kit migrations folder holding one migration, `0050_planted.sql`, on the portal's tables. */
function planted(sql: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-lint-'));
  folders.push(folder);
  mkdirSync(path.join(folder, 'meta'));
  const entries = [
    { idx: 50, version: '7', when: 1_800_000_000_000, tag: '0050_planted', breakpoints: true },
  ];
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ version: '7', entries }));
  writeFileSync(path.join(folder, '0050_planted.sql'), sql);
  return folder;
}

async function rulesBroken(sql: string): Promise<string[]> {
  const findings = await lintMigrations(planted(sql), new Map());
  return [...new Set(findings.map((finding) => finding.rule))];
}

const bp = '--> statement-breakpoint\n';

describe('the migration linter (decision 0125)', () => {
  it.each([
    [
      'an index built without CONCURRENTLY on an existing table',
      'CREATE INDEX "a_idx" ON "appointments" ("starts_at");',
      'require-concurrent-index-creation',
    ],
    [
      'a foreign key added without NOT VALID',
      'ALTER TABLE "appointments" ADD CONSTRAINT "a_pet_fk" FOREIGN KEY ("pet_id") REFERENCES "pets"("id");',
      'constraint-missing-not-valid',
    ],
    [
      'a check added without NOT VALID',
      'ALTER TABLE "appointments" ADD CONSTRAINT "a_ck" CHECK ("duration" > 0);',
      'constraint-missing-not-valid',
    ],
    [
      'a check validated in the transaction that added it',
      `ALTER TABLE "appointments" ADD CONSTRAINT "a_ck" CHECK ("duration" > 0) NOT VALID;${bp}ALTER TABLE "appointments" VALIDATE CONSTRAINT "a_ck";`,
      'portal-runs-alone-mixed',
    ],
    [
      "a column's type changed",
      'ALTER TABLE "appointments" ALTER COLUMN "duration" SET DATA TYPE bigint;',
      'changing-column-type',
    ],
    [
      'a column added with a volatile default',
      'ALTER TABLE "appointments" ADD COLUMN "token" uuid DEFAULT gen_random_uuid();',
      'adding-field-with-default',
    ],
    [
      'SET NOT NULL without a validated check',
      'ALTER TABLE "appointments" ALTER COLUMN "visit_id" SET NOT NULL;',
      'adding-not-nullable-field',
    ],
    ['a column dropped', 'ALTER TABLE "appointments" DROP COLUMN "visit_id";', 'ban-drop-column'],
    [
      'a column renamed',
      'ALTER TABLE "appointments" RENAME COLUMN "visit_id" TO "visit";',
      'renaming-column',
    ],
    ['a table dropped', 'DROP TABLE "appointments";', 'ban-drop-table'],
    ['a table renamed', 'ALTER TABLE "appointments" RENAME TO "bookings";', 'renaming-table'],
    [
      'a concurrent build beside other statements',
      `ALTER TABLE "appointments" ADD COLUMN "note" text;${bp}CREATE INDEX CONCURRENTLY "a_note_idx" ON "appointments" ("note");`,
      'portal-runs-alone-mixed',
    ],
    [
      'a concurrent drop that cannot run twice',
      'DROP INDEX CONCURRENTLY "a_idx";',
      'portal-drop-index-if-exists',
    ],
    [
      'an unnamed concurrent build',
      'CREATE INDEX CONCURRENTLY ON "appointments" ("starts_at");',
      'portal-unnamed-concurrent-index',
    ],
  ])('refuses %s', async (_what, sql, rule) => {
    expect(await rulesBroken(sql)).toContain(rule);
  });

  it('names the file and line of what it refuses', async () => {
    const findings = await lintMigrations(
      planted(
        `ALTER TABLE "appointments" ADD COLUMN "note" text;${bp}CREATE INDEX "a_idx" ON "appointments" ("note");`,
      ),
      new Map(),
    );
    expect(findings).toEqual([
      expect.objectContaining({
        file: '0050_planted.sql',
        line: 2,
        rule: 'require-concurrent-index-creation',
      }),
    ]);
  });

  it.each([
    [
      'a nullable column with a constant default',
      'ALTER TABLE "appointments" ADD COLUMN "note" text DEFAULT \'\';',
    ],
    [
      'a concurrent build in a migration of its own',
      'CREATE INDEX CONCURRENTLY "a_idx" ON "appointments" USING btree ("starts_at");',
    ],
    [
      'a check added NOT VALID',
      'ALTER TABLE "appointments" ADD CONSTRAINT "a_ck" CHECK ("duration" > 0) NOT VALID;',
    ],
    ['a concurrent drop that can run twice', 'DROP INDEX CONCURRENTLY IF EXISTS "a_idx";'],
    [
      'the check validated in a migration of its own',
      'ALTER TABLE "appointments" VALIDATE CONSTRAINT "a_ck";',
    ],
    [
      'a new table indexed as it is made',
      `CREATE TABLE "notes" ("id" uuid PRIMARY KEY, "at" timestamptz NOT NULL);${bp}CREATE INDEX "notes_at_idx" ON "notes" ("at");`,
    ],
    [
      'a column dropped in the contract step, saying why',
      '-- Unused since the release before this one.\n-- squawk-ignore ban-drop-column\nALTER TABLE "appointments" DROP COLUMN "visit_id";',
    ],
  ])('accepts %s', async (_what, sql) => {
    expect(await lintMigrations(planted(sql), new Map())).toEqual([]);
  });

  it('passes the portal’s migrations with the baseline, and refuses the baselined 0043 without it', async () => {
    expect(await lintMigrations(migrationsFolder, baseline)).toEqual([]);
    const without = new Map(baseline);
    without.delete('0043_appointment_visits');
    const findings = await lintMigrations(migrationsFolder, without);
    expect(findings.map((finding) => `${finding.file} ${finding.rule}`)).toEqual([
      '0043_appointment_visits.sql require-concurrent-index-creation',
    ]);
  });
});
