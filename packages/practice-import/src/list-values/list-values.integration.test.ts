import { useTestDatabase } from '@vet/db/testing/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyRecords, type ListValueCodes } from '../apply-records.ts';
import { pets } from '../kinds/pets.ts';
import { recordFromJson } from '../records/json-record.ts';
import { exportDirectory } from '../testing/export-directory.ts';
import { jsonRecords } from '../testing/json-records.ts';
import { importDirectory, seedImportLookups } from '../testing/run-test-import.ts';
import { testGroup } from '../testing/test-group.ts';
import { ListValueRefusal, listUnmappedValues, mapListValue } from './list-values.ts';

const database = useTestDatabase();
beforeAll(() => seedImportLookups(database));

/** A group whose pets carry labels the lists lack, as a UK practice system writes them. */
function groupWithLabels(labels: { species?: string; breed: string; colour?: string; insurer?: string }) {
  const group = testGroup();
  const [bramble, pickle, nibbles] = group.files['pets.csv'];
  return {
    group,
    files: {
      ...group.files,
      'pets.csv': [
        bramble!,
        { ...pickle!, breed: labels.breed, colour: labels.colour ?? '', insurer: labels.insurer ?? '' },
        { ...nibbles!, species: labels.species ?? nibbles!.species! },
      ],
    },
  };
}

const petOf = async (ref: string) =>
  (
    await database.pool.query<{
      species: string;
      breed_id: number | null;
      breed_value_id: number | null;
      species_value_id: number | null;
      insurer_value_id: number | null;
    }>(
      `select s.name as species, p.breed_id, p.breed_value_id, p.species_value_id, p.insurer_value_id
         from pets p join species s on s.id = p.species_id where p.pms_ref = $1`,
      [ref],
    )
  ).rows[0];

const valueOf = async (list: string, text: string) =>
  (await listUnmappedValues(database.pool, { list: list as 'breeds' })).find((v) => v.text === text);

describe('values no list entry matches (decision 0131)', () => {
  it('applies every pet and its appointments, keeping the labels as written, listed with counts', async () => {
    const { group, files } = groupWithLabels({
      species: 'Tortoise',
      breed: 'Moggy Longhair',
      colour: 'Tabby-ish',
      insurer: 'Pawsome Cover',
    });
    const result = await importDirectory(database.url, await exportDirectory(files));
    expect(result.refusals).toEqual([]);
    expect(result.counts('pets.csv')).toEqual({ applied: 3, unchanged: 0, refused: 0 });
    expect(result.counts('appointments.csv')).toMatchObject({ refused: 0 });
    // The report lists them apart from refusals.
    expect(result.unmapped).toEqual(
      expect.arrayContaining([
        { list: 'species', value: 'Tortoise', rows: 1 },
        { list: 'breeds', value: 'Moggy Longhair', rows: 1 },
        { list: 'colours', value: 'Tabby-ish', rows: 1 },
        { list: 'insurers', value: 'Pawsome Cover', rows: 1 },
      ]),
    );
    expect(result.output).toContain('breeds: “Moggy Longhair”, 1 row\n');

    const pickle = await petOf(group.ref('PET', 2));
    expect(pickle).toMatchObject({
      species: 'Cat',
      breed_id: null,
      breed_value_id: expect.any(Number) as number,
    });
    expect(await petOf(group.ref('PET', 3))).toMatchObject({
      species: 'Other',
      species_value_id: expect.any(Number) as number,
    });
    const breed = await valueOf('breeds', 'Moggy Longhair');
    // A file has no place for the system's code of a value: none is kept.
    expect(breed).toMatchObject({
      list: 'breeds',
      species: 'Cat',
      practiceSystem: 'group',
      code: null,
      records: 1,
    });
    expect(await valueOf('species', 'Tortoise')).toMatchObject({ species: null, records: 1 });
    expect(await valueOf('insurers', 'Pawsome Cover')).toMatchObject({ records: 1 });
    // The same files again: nothing changes, no second value.
    const again = await importDirectory(database.url, await exportDirectory(files));
    expect(again.counts('pets.csv')).toEqual({ applied: 0, unchanged: 3, refused: 0 });
    expect(await valueOf('breeds', 'Moggy Longhair')).toMatchObject({ id: breed!.id, records: 1 });
  });

  it('maps a value once: stored records take the entry, later imports too, and again is idempotent', async () => {
    const first = groupWithLabels({ breed: 'Persian-ish Moggy' });
    await importDirectory(database.url, await exportDirectory(first.files));
    const value = await valueOf('breeds', 'Persian-ish Moggy');

    const mapped = await mapListValue(database.pool, value!.id, { entry: 'Persian' }, { batchSize: 1 });
    expect(mapped).toMatchObject({ changed: true, records: 1, entry: { name: 'Persian' } });
    const pickle = await petOf(first.group.ref('PET', 2));
    expect(pickle).toMatchObject({ breed_id: mapped.entry.id, breed_value_id: null });
    expect(await valueOf('breeds', 'Persian-ish Moggy')).toBeUndefined();

    // A later import of another pet with the value (any case): the entry at once.
    const later = groupWithLabels({ breed: 'PERSIAN-ISH moggy' });
    await importDirectory(database.url, await exportDirectory(later.files));
    expect(await petOf(later.group.ref('PET', 2))).toMatchObject({
      breed_id: mapped.entry.id,
      breed_value_id: null,
    });

    const twice = await mapListValue(database.pool, value!.id, { entry: 'persian' });
    expect(twice).toMatchObject({ changed: false, records: 0 });
  });

  it('refuses a mapping to another species’ entry, to an unknown entry, and a value mapped elsewhere', async () => {
    const { files } = groupWithLabels({ breed: 'Shorthair Moggie', colour: 'Grey Tabby Smudge' });
    await importDirectory(database.url, await exportDirectory(files));
    const breed = await valueOf('breeds', 'Shorthair Moggie');

    const refusal = (target: { entry: string }, id = breed!.id) =>
      mapListValue(database.pool, id, target).then(
        () => undefined,
        (error: unknown) => (error instanceof ListValueRefusal ? [error.code, error.message] : error),
      );
    expect(await refusal({ entry: 'Labrador Retriever' })).toEqual([
      'other_species',
      'Labrador Retriever is a breed of Dog, not of Cat, the species “Shorthair Moggie” was read for.',
    ]);
    expect(await refusal({ entry: 'Unicorn' })).toEqual([
      'unknown_entry',
      "No breed of the portal's list is called “Unicorn” for Cat.",
    ]);
    expect(await refusal({ entry: 'Persian' }, 999_999)).toEqual([
      'not_found',
      'No unmapped value has the id 999999.',
    ]);
    await mapListValue(database.pool, breed!.id, { entry: 'Persian' });
    expect(await refusal({ entry: 'Siamese' })).toEqual([
      'already_mapped',
      'The breed “Shorthair Moggie” is mapped to Persian already; it is not unmapped.',
    ]);
  });

  it('declares a value the group’s own entry, which later records then match by name', async () => {
    const { group, files } = groupWithLabels({ breed: 'Highland Moggy' });
    await importDirectory(database.url, await exportDirectory(files));
    const value = await valueOf('breeds', 'Highland Moggy');
    const mapped = await mapListValue(database.pool, value!.id, { groupEntry: true });
    expect(mapped).toMatchObject({ changed: true, records: 1, entry: { name: 'Highland Moggy' } });
    expect(await petOf(group.ref('PET', 2))).toMatchObject({ breed_id: mapped.entry.id });
  });
});

describe('a value’s code: its practice system’s own id of it, where one is given (decision 0131)', () => {
  it('keeps the first code given, fills in a value stored without one, and never makes another value', async () => {
    const group = testGroup();
    await importDirectory(database.url, await exportDirectory(group.files));
    const [, pickle] = jsonRecords(group, 'pets.csv');
    const mog = { ...pickle, pet_ref: group.ref('PET', 9), name: 'Mog' };
    const practiceSystem = `connector:codes-${group.tag.toLowerCase()}`;
    const apply = async (...records: { body: Record<string, unknown>; codes?: ListValueCodes }[]) => {
      const results = await applyRecords(database.pool, {
        file: 'pets.csv',
        practiceSystem,
        records: records.map(({ body, codes }) => ({ ...recordFromJson(pets, body), codes })),
      });
      expect(results.map((r) => r.outcome)).not.toContain('refused');
    };
    const valueOf = async (text: string) =>
      (await listUnmappedValues(database.pool, { practiceSystem })).find((v) => v.text === text);

    // First stored without a code (as before its system gave one), then written again with one.
    await apply({ body: { ...pickle, breed: 'Fen Moggy' } });
    const first = await valueOf('Fen Moggy');
    expect(first).toMatchObject({ code: null, records: 1 });
    await apply({ body: { ...mog, breed: 'FEN moggy' }, codes: { breed: '31' } });
    // The same value (a code is no part of its key): its first text, the code filled in.
    expect(await valueOf('Fen Moggy')).toMatchObject({ id: first!.id, code: '31', records: 2 });
    // Once kept, a code is not replaced.
    await apply({ body: { ...pickle, breed: 'Fen Moggy' }, codes: { breed: '32' } });
    expect(await valueOf('Fen Moggy')).toMatchObject({ code: '31' });

    // In one batch: the first row's text, the first code given; a blank code is none.
    await apply(
      { body: { ...pickle, breed: 'Marsh Moggy' }, codes: { breed: ' ' } },
      { body: { ...mog, breed: 'MARSH moggy' }, codes: { breed: '33' } },
    );
    expect(await valueOf('Marsh Moggy')).toMatchObject({ code: '33', records: 2 });
    expect(await valueOf('MARSH moggy')).toBeUndefined();
  });
});

describe('an appointment reason listing a species no entry matches (decision 0131)', () => {
  const speciesOf = async (ref: string) =>
    (
      await database.pool.query<{ name: string }>(
        `select s.name from appointment_reason_species rs join species s on s.id = rs.species_id
           join appointment_reasons r on r.id = rs.reason_id where r.pms_ref = $1 order by s.name`,
        [ref],
      )
    ).rows.map((r) => r.name);

  it('is open to Other until the value is mapped, then to the species it is mapped to', async () => {
    const group = testGroup();
    const [first, ...rest] = group.files['appointment_reasons.csv'];
    const files = {
      ...group.files,
      'appointment_reasons.csv': [{ ...first!, species: 'Dog;Tortoise Shell' }, ...rest],
    };
    const result = await importDirectory(database.url, await exportDirectory(files));
    expect(result.refusals).toEqual([]);
    expect(await speciesOf(first!.reason_ref!)).toEqual(['Dog', 'Other']);
    const value = await valueOf('species', 'Tortoise Shell');
    expect(value).toMatchObject({ records: 1 });

    expect(await mapListValue(database.pool, value!.id, { entry: 'Reptile' })).toMatchObject({ records: 1 });
    expect(await speciesOf(first!.reason_ref!)).toEqual(['Dog', 'Reptile']);
    // The same files again: the mapped value names Reptile at once, and nothing changes.
    const again = await importDirectory(database.url, await exportDirectory(files));
    expect(again.counts('appointment_reasons.csv')).toMatchObject({ applied: 0, refused: 0 });
    expect(await speciesOf(first!.reason_ref!)).toEqual(['Dog', 'Reptile']);
  });
});
