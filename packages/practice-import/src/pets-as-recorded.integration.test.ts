import { pets } from '@vet/db/schema/clients';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportDirectory } from './testing/export-directory.ts';
import { importDirectory, seedImportLookups } from './testing/run-test-import.ts';
import { testGroup } from './testing/test-group.ts';

const database = useTestDatabase();
beforeAll(() => seedImportLookups(database));

describe('pets as the practice’s system records them', () => {
  it('stores a rehomed pet and one with no sex, then finds the same files unchanged', async () => {
    const group = testGroup();
    const [bramble, pickle, ...rest] = group.files['pets.csv'];
    const files = {
      ...group.files,
      'pets.csv': [{ ...bramble!, status: 'Rehomed' }, { ...pickle!, sex: '' }, ...rest],
    };
    const directory = await exportDirectory(files);

    const first = await importDirectory(database.url, directory);
    expect(first.refusals).toEqual([]);
    expect(first.counts('pets.csv')).toEqual({ applied: 3, unchanged: 0, refused: 0 });
    const stored = await database.db
      .select({ ref: pets.pmsRef, status: pets.status, sex: pets.sex })
      .from(pets)
      .where(inArray(pets.pmsRef, [group.ref('PET', 1), group.ref('PET', 2)]))
      .orderBy(pets.pmsRef);
    expect(stored).toEqual([
      { ref: group.ref('PET', 1), status: 'Rehomed', sex: 'Female' },
      { ref: group.ref('PET', 2), status: 'Active', sex: 'Unknown' },
    ]);

    const again = await importDirectory(database.url, directory);
    expect(again.exitCode).toBe(0);
    expect(again.counts('pets.csv')).toEqual({ applied: 0, unchanged: 3, refused: 0 });
  });
});
