import { connectDatabase } from '@vet/db/connection';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRecords, type RecordResult } from './apply-records.ts';
import type { KindFile } from './kinds/kind.ts';
import { recordKindsByFile } from './kinds/index.ts';
import { recordFromJson } from './records/json-record.ts';
import { exportDirectory, type Rows } from './testing/export-directory.ts';
import { importDirectory, seedImportLookups } from './testing/run-test-import.ts';
import { jsonRecords, recordFiles } from './testing/json-records.ts';
import { testGroup } from './testing/test-group.ts';

const database = useTestDatabase();
beforeAll(() => seedImportLookups(database));

const apply = (file: KindFile, records: readonly Record<string, unknown>[]) =>
  applyRecords(database.pool, {
    file,
    records: records.map((record) => recordFromJson(recordKindsByFile.get(file)!, record)),
  });

const outcomes = (results: RecordResult[]) => results.map((r) => r.outcome);
const refusalsOf = (result: RecordResult | undefined) =>
  result?.outcome === 'refused' ? result.refusals : [];

const withoutAppointments = (group: ReturnType<typeof testGroup>) => {
  const { 'appointments.csv': _, ...files } = group.files;
  return files;
};

describe('records through the import’s engine', () => {
  it('stores exactly what the import stores: importing the same files afterwards changes nothing', async () => {
    const group = testGroup();
    for (const file of recordFiles) {
      const results = await apply(file, jsonRecords(group, file));
      expect(
        results.every((r) => r.outcome === 'applied' && r.created),
        file,
      ).toBe(true);
    }
    const imported = await importDirectory(database.url, await exportDirectory(withoutAppointments(group)));
    expect(imported.exitCode).toBe(0);
    for (const entry of imported.files) expect(entry, entry.file).toMatchObject({ applied: 0, refused: 0 });
  });

  it('answers unchanged for every record the import stored, and applied for the one that differs', async () => {
    const group = testGroup();
    expect(
      (await importDirectory(database.url, await exportDirectory(withoutAppointments(group)))).exitCode,
    ).toBe(0);
    for (const file of recordFiles) {
      const results = await apply(file, jsonRecords(group, file));
      expect(outcomes(results), file).toEqual(results.map(() => 'unchanged'));
      expect(
        results.every((r) => r.outcome !== 'refused' && !r.created),
        file,
      ).toBe(true);
    }
    const [practice] = jsonRecords(group, 'practices.csv');
    const changed = await apply('practices.csv', [
      { ...practice, opening_hours: [{ day_of_week: 6, opens: '09:00', closes: '12:00' }] },
    ]);
    expect(outcomes(changed)).toEqual(['applied']);
    const [reason] = group.files['appointment_reasons.csv'].slice(1);
    // Species cleared (every species): no row of it is written, yet the reason changed.
    expect(outcomes(await apply('appointment_reasons.csv', [{ ...reason, species: '' }]))).toEqual([
      'applied',
    ]);
  });

  it('applies the valid records of a batch and refuses the others, each with its reasons', async () => {
    const group = testGroup();
    await importDirectory(
      database.url,
      await exportDirectory({ 'practices.csv': group.files['practices.csv'] }),
    );
    const client = (n: number, overrides: Rows[number] = {}) => ({
      client_ref: group.ref('CLI', n),
      practice_ref: group.ref('PRAC', 1),
      first_name: 'Ann',
      last_name: 'Lee',
      ...overrides,
    });
    const results = await apply('clients.csv', [
      client(1),
      client(2, { postcode: 'NOT A CODE', colour: 'red' }),
      client(1, { town: 'York' }),
      client(3, { practice_ref: group.ref('PRAC', 9) }),
    ]);
    expect(outcomes(results)).toEqual(['applied', 'refused', 'refused', 'refused']);
    expect(refusalsOf(results[1])).toEqual([
      { field: 'colour', reason: 'unknown field: clients.csv has no column of this name' },
      { field: 'postcode', reason: expect.any(String) as unknown },
    ]);
    expect(refusalsOf(results[2])).toEqual([
      { field: 'client_ref', reason: 'this reference is used before in item 0' },
    ]);
    expect(refusalsOf(results[3])).toEqual([
      { field: 'practice_ref', reason: 'no practice with this reference is stored' },
    ]);
  });

  it('applies a record and its child rows together, or refuses them together', async () => {
    const group = testGroup();
    await importDirectory(
      database.url,
      await exportDirectory({ 'practices.csv': group.files['practices.csv'] }),
    );
    const [clinician] = jsonRecords(group, 'clinicians.csv');
    const shift = { day_of_week: 1, starts: '09:00', ends: '17:00' };
    const results = await apply('clinicians.csv', [
      { ...clinician, rota_shifts: [shift, { ...shift, starts: '16:00', ends: '18:00' }] },
    ]);
    expect(outcomes(results)).toEqual(['refused']);
    expect(refusalsOf(results[0])).toEqual([
      {
        field: 'rota_shifts[1]',
        reason: "overlaps the same clinician's shift in rota_shifts[0] (same day of the week)",
      },
      {
        field: 'rota_shifts[0]',
        reason: "a clinician's rota is applied whole, and rota_shifts[1] is refused",
      },
    ]);
    const stored = await database.pool.query('select 1 from clinicians where pms_ref = $1', [
      clinician!.clinician_ref,
    ]);
    expect(stored.rowCount).toBe(0);
  });

  it('names the item and its row when a child row of a batch is refused for another item', async () => {
    const group = testGroup();
    const [practice] = jsonRecords(group, 'practices.csv');
    const day = { day_of_week: 1, opens: '08:00', closes: '18:00' };
    const results = await apply('practices.csv', [
      { ...practice, opening_hours: [day] },
      { ...practice, opening_hours: [day] },
    ]);
    expect(outcomes(results)).toEqual(['refused', 'refused']);
    expect(refusalsOf(results[1])).toEqual([
      { field: 'practice_ref', reason: 'this reference is used before in item 0' },
      {
        field: 'opening_hours[0].day_of_week',
        reason: "this practice's day of the week is given before in item 0’s opening_hours[0]",
      },
    ]);
    expect(refusalsOf(results[0])).toEqual([
      {
        field: 'opening_hours[0]',
        reason: "a practice's opening hours is applied whole, and item 1’s opening_hours[0] is refused",
      },
    ]);
  });
});

describe('two calls naming the same records at once', () => {
  it('take turns instead of deadlocking, whatever order each gives them in', async () => {
    const group = testGroup();
    await importDirectory(
      database.url,
      await exportDirectory({ 'practices.csv': group.files['practices.csv'] }),
    );
    const clients = Array.from({ length: 200 }, (_, i) => ({
      client_ref: group.ref('CLI', i),
      practice_ref: group.ref('PRAC', 1),
      first_name: 'Ann',
      last_name: `Lee ${i}`,
    }));
    const [forwards, backwards] = await Promise.all([
      apply('clients.csv', clients),
      apply('clients.csv', [...clients].reverse()),
    ]);
    // Whichever went first applied every client; the other found each one as it would have written it.
    const all = [...outcomes(forwards), ...outcomes(backwards)];
    expect(all.filter((o) => o === 'applied')).toHaveLength(200);
    expect(all.filter((o) => o === 'unchanged')).toHaveLength(200);
  });
});

describe('the staging tables of a pooled connection', () => {
  const single = connectDatabase(database.url, { max: 1 });
  afterAll(() => single.close());

  it('are made once and left empty after each call', async () => {
    const group = testGroup();
    await applyRecords(single.pool, {
      file: 'practices.csv',
      records: [
        recordFromJson(recordKindsByFile.get('practices.csv')!, jsonRecords(group, 'practices.csv')[0]!),
      ],
    });
    const second = await applyRecords(single.pool, {
      file: 'clients.csv',
      records: [recordFromJson(recordKindsByFile.get('clients.csv')!, group.files['clients.csv'][1]!)],
    });
    expect(outcomes(second)).toEqual(['applied']);
    const left = await single.pool.query<{ n: number }>(
      `select (select count(*) from stage_practices) + (select count(*) from stage_opening_hours)
            + (select count(*) from stage_clients) + (select count(*) from import_refusals) as n`,
    );
    expect(Number(left.rows[0]?.n)).toBe(0);
  });
});
