/**
 * @vet/clinician-time is the only code that writes clinician_reservations, the table whose
 * exclusion constraint stops double booking. ESLint refuses the writes it can see (eslint.config.js,
 * noReservationWrites); this reads every source file's text, so a write ESLint's selectors miss (a
 * query assembled from parts, a table interpolated into drizzle's sql) fails here, naming its file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './lib/shared/paths.ts';

/** The owner: the one place the writes belong. */
const owner = 'packages/clinician-time/';

/**
 * Where writes are allowed besides the owner, and why. Tests (`*.test.ts`) plant rows to test the
 * constraint itself; the benchmarks' data set bulk-loads millions of rows.
 */
const exceptions: { path: RegExp; why: string }[] = [
  { path: /\.test\.tsx?$/, why: 'a test plants the rows it tests the constraint with' },
  { path: /^scripts\/lib\/bench\//, why: "the benchmarks' data set bulk-loads millions of rows" },
];

/** A write of the table: in SQL text (the table named, or drizzle's table interpolated), or drizzle's builder. */
const writes = [
  /\b(insert\s+into|update|delete\s+from)\s+"?clinician_reservations\b/i,
  /\b(insert\s+into|update|delete\s+from)\s+\$\{\s*clinicianReservations\s*\}/i,
  /\.(insert|update|delete)\(\s*clinicianReservations\s*\)/,
];

function writesReservations(text: string): boolean {
  return writes.some((pattern) => pattern.test(text));
}

const roots = ['apps', 'packages', 'scripts', 'e2e'];
const skipped = new Set(['node_modules', '.next', 'dist', '.data', 'coverage']);

function sourceFiles(directory: string): string[] {
  return readdirSync(join(repoRoot, directory), { withFileTypes: true }).flatMap((entry) => {
    const path = `${directory}/${entry.name}`;
    if (entry.isDirectory()) {
      // lint-rules.test.ts's scratch folders plant writes while it runs.
      return skipped.has(entry.name) || entry.name.startsWith('lint-probe-') ? [] : sourceFiles(path);
    }
    return /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) ? [path] : [];
  });
}

describe('writesReservations', () => {
  it('finds a raw query, a template, an interpolated table and a drizzle write', () => {
    expect(writesReservations(`pool.query('DELETE FROM clinician_reservations WHERE id = $1')`)).toBe(true);
    expect(writesReservations('sql`update "clinician_reservations" set practice_lane = true`')).toBe(true);
    expect(writesReservations('sql`insert into ${clinicianReservations} (during)`')).toBe(true);
    expect(writesReservations('await tx.delete(clinicianReservations).where(x)')).toBe(true);
  });

  it('leaves reads alone', () => {
    expect(writesReservations('select * from clinician_reservations r')).toBe(false);
    expect(writesReservations('db.select().from(clinicianReservations)')).toBe(false);
    expect(writesReservations('join clinician_reservations r on r.appointment_id = a.id')).toBe(false);
  });
});

describe('clinician_reservations', () => {
  it('is written by @vet/clinician-time alone (and the named exceptions)', () => {
    const files = roots.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const writers = files.filter(
      (file) =>
        !file.startsWith(owner) &&
        !exceptions.some(({ path }) => path.test(file)) &&
        writesReservations(readFileSync(join(repoRoot, file), 'utf8')),
    );
    expect(
      writers,
      'files that write clinician_reservations outside @vet/clinician-time: call its functions instead',
    ).toEqual([]);
  });

  it('has its owner writing it', () => {
    const owned = sourceFiles(owner.slice(0, -1)).filter((file) =>
      writesReservations(readFileSync(join(repoRoot, file), 'utf8')),
    );
    expect(owned.length).toBeGreaterThan(0);
  });
});
