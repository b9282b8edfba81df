import { addDays, practiceDate } from '@vet/contracts/practice-clock';
import { earliestDateOfBirthOn } from '@vet/contracts/pets';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import { petReasons } from './kinds/pets.ts';
import { exportDirectory } from './testing/export-directory.ts';
import { importDirectory, seedImportLookups } from './testing/run-test-import.ts';
import { testGroup } from './testing/test-group.ts';

const database = useTestDatabase();
beforeAll(() => seedImportLookups(database));

const fingerprinted = ['clients', 'pets', 'appointments', 'vaccinations'] as const;

async function client(ref: string) {
  const { rows } = await database.pool.query<{
    first_name: string;
    fingerprint: string | null;
    updated_at: Date;
  }>(`select first_name, import_fingerprint as fingerprint, updated_at from clients where pms_ref = $1`, [
    ref,
  ]);
  return rows[0]!;
}

/** An update as the portal makes one (any write but the import's apply). */
const portalRenames = (ref: string, name: string) =>
  database.pool.query(`update clients set first_name = $2 where pms_ref = $1`, [ref, name]);

describe('row fingerprints (an unchanged re-import reads only what changed)', () => {
  it('stores each row’s fingerprint with its record, and skips a row whose record still has it', async () => {
    const group = testGroup();
    const directory = await exportDirectory(group.files);
    await importDirectory(database.url, directory);
    for (const table of fingerprinted) {
      const { rows } = await database.pool.query<{ missing: number }>(
        `select count(*) filter (where import_fingerprint is null)::int as missing from ${table} where pms_ref like $1`,
        [`%-${group.tag}-%`],
      );
      expect(rows, table).toEqual([{ missing: 0 }]);
    }
    // Written as only the import's apply may (keeping the fingerprint): the row is not read again.
    await database.pool.query(`begin; select set_config('practice_import.keeps_fingerprints', 'on', true);
      update clients set first_name = 'Written by the import' where pms_ref = '${group.ref('CLI', 1)}'; commit`);
    const again = await importDirectory(database.url, directory);
    expect(again.counts('clients.csv')).toEqual({ applied: 0, unchanged: 2, refused: 0 });
    expect((await client(group.ref('CLI', 1))).first_name).toBe('Written by the import');
  });

  it('reads and applies again a row whose record someone else wrote since', async () => {
    const group = testGroup();
    const directory = await exportDirectory(group.files);
    await importDirectory(database.url, directory);
    await portalRenames(group.ref('CLI', 1), 'Liv');
    expect((await client(group.ref('CLI', 1))).fingerprint).toBeNull();

    const again = await importDirectory(database.url, directory);
    expect(again.counts('clients.csv')).toEqual({ applied: 1, unchanged: 1, refused: 0 });
    const stored = await client(group.ref('CLI', 1));
    expect(stored.first_name).toBe('Olivia');
    expect(stored.fingerprint).not.toBeNull();
  });

  it('gives a record written back as its row says its fingerprint again, unchanged', async () => {
    const group = testGroup();
    const directory = await exportDirectory(group.files);
    await importDirectory(database.url, directory);
    const first = await client(group.ref('CLI', 1));
    await portalRenames(group.ref('CLI', 1), 'Liv');
    await portalRenames(group.ref('CLI', 1), 'Olivia');

    const again = await importDirectory(database.url, directory);
    expect(again.counts('clients.csv')).toEqual({ applied: 0, unchanged: 2, refused: 0 });
    expect(await client(group.ref('CLI', 1))).toEqual(first);
  });

  it('still refuses an unchanged row whose parent row is refused now', async () => {
    const group = testGroup();
    await importDirectory(database.url, await exportDirectory(group.files));
    const [olivia, james] = group.files['clients.csv'];
    const changed = { ...group.files, 'clients.csv': [{ ...olivia!, postcode: 'not a postcode' }, james!] };

    const again = await importDirectory(database.url, await exportDirectory(changed));
    expect(again.counts('pets.csv')).toEqual({ applied: 0, unchanged: 1, refused: 2 });
    expect(again.refusals.filter((r) => r.file === 'pets.csv')).toEqual(
      [2, 3].map((line) => ({
        file: 'pets.csv',
        line,
        column: 'client_ref',
        reason: 'refused in clients.csv line 2',
      })),
    );
  });

  it('refuses an unchanged pet whose date of birth has since become too long ago', async () => {
    const group = testGroup();
    const today = practiceDate(new Date());
    const [bramble, ...others] = group.files['pets.csv'];
    const files = {
      ...group.files,
      'pets.csv': [{ ...bramble!, date_of_birth: earliestDateOfBirthOn(today) }, ...others],
    };
    const directory = await exportDirectory(files);
    expect((await importDirectory(database.url, directory, { today })).counts('pets.csv')).toMatchObject({
      refused: 0,
    });

    const tomorrow = await importDirectory(database.url, directory, { today: addDays(today, 1) });
    expect(tomorrow.counts('pets.csv')).toEqual({ applied: 0, unchanged: 2, refused: 1 });
    expect(tomorrow.refusals.find((r) => r.file === 'pets.csv')).toEqual({
      file: 'pets.csv',
      line: 2,
      column: 'date_of_birth',
      reason: petReasons.bornTooLongAgo,
    });
  });
});
