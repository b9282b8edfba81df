import { describe, expect, it } from 'vitest';
import { concurrentIndexOf, isBlank, migrationRunsAlone, runsAlone } from './migration-kinds.ts';

describe('which statements run outside a transaction', () => {
  it.each([
    'CREATE INDEX CONCURRENTLY "a_idx" ON "appointments" USING btree ("starts_at");',
    '\n-- after a breakpoint\ncreate unique index concurrently if not exists a_key on appointments (ref);',
    'DROP INDEX CONCURRENTLY IF EXISTS "a_idx";',
    'REINDEX INDEX CONCURRENTLY "a_idx";',
    'ALTER TABLE "appointments" VALIDATE CONSTRAINT "appointments_pet_fk";',
    'alter table only public.appointments validate constraint ck;',
    'ALTER TYPE "public"."contact_purpose" ADD VALUE \'messages\';',
  ])('runs alone: %s', (statement) => {
    expect(runsAlone(statement)).toBe(true);
  });

  it.each([
    'CREATE INDEX "a_idx" ON "appointments" USING btree ("starts_at");',
    'ALTER TABLE "appointments" ADD CONSTRAINT "ck" CHECK ("x" > 0) NOT VALID;',
    `-- CREATE INDEX CONCURRENTLY in a comment only\nALTER TABLE "a" ADD COLUMN "b" text;`,
    `INSERT INTO notes (text) VALUES ('create index concurrently');`,
  ])('runs in the batch: %s', (statement) => {
    expect(runsAlone(statement)).toBe(false);
  });

  it('names the index a concurrent build makes, with or without its schema and quotes', () => {
    expect(concurrentIndexOf('CREATE INDEX CONCURRENTLY "Odd ""Name""" ON "a" ("b");')).toEqual({
      name: 'Odd "Name"',
      schema: null,
    });
    expect(concurrentIndexOf('create index concurrently public.A_Idx on a (b);')).toEqual({
      name: 'a_idx',
      schema: 'public',
    });
    expect(concurrentIndexOf('CREATE INDEX "a_idx" ON "a" ("b");')).toBeNull();
  });

  it('takes a migration as one that runs alone when any statement does', () => {
    expect(migrationRunsAlone(['ALTER TABLE "a" ADD COLUMN "b" text;', ''])).toBe(false);
    expect(migrationRunsAlone(['CREATE INDEX CONCURRENTLY "i" ON "a" ("b");', '\n'])).toBe(true);
    expect(isBlank('\n  -- nothing\n')).toBe(true);
    expect(isBlank('select 1')).toBe(false);
  });
});
