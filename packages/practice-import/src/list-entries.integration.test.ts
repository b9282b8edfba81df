import { randomUUID } from 'node:crypto';
import { loadReferenceLists } from '@vet/db/reference/load-reference-lists';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportDirectory, type Rows } from './testing/export-directory.ts';
import { importDirectory } from './testing/run-test-import.ts';
import { testGroup } from './testing/test-group.ts';

/**
 * list_entries.csv (decision 0096): a group's own breeds, colours, insurers and cancellation reasons with
 * its practice system's codes, written before the export's other files are read, so its pets name them.
 */
const database = useTestDatabase();
const { pool } = database;
beforeAll(() => loadReferenceLists(pool));

const one = async <T>(sql: string, values: unknown[] = []): Promise<T> =>
  (await pool.query(sql, values)).rows[0] as T;
const refusalsOf = (result: {
  refusals: { file: string; line: number; column: string | null; reason: string }[];
}) => result.refusals.map((r) => `${r.file}:${r.line} ${r.column ?? '-'}: ${r.reason}`);

function groupEntries(tag: string): Rows {
  return [
    {
      list: 'breed',
      code: `B-${tag}`,
      name: `Sprollie ${tag}`,
      species: 'Canine',
      synonyms: `Springer Collie ${tag}`,
    },
    { list: 'colour', code: `C-${tag}`, name: `Harbour Grey ${tag}`, species: 'Dog', synonyms: '' },
    { list: 'insurer', code: `I-${tag}`, name: `Willow Mutual ${tag}`, species: '', synonyms: `WM ${tag}` },
    { list: 'cancellation_reason', code: `R-${tag}`, name: `Snowed in ${tag}`, species: '', synonyms: '' },
  ];
}

describe('list_entries.csv', () => {
  it('adds the group’s own entries before its pets are read: they name them by name, synonym or code', async () => {
    const group = testGroup();
    const tag = randomUUID().slice(0, 8);
    const pets = group.files['pets.csv'].map((pet, i) =>
      i === 0
        ? {
            ...pet,
            breed: `springer-collie ${tag.toUpperCase()}`,
            colour: `C-${tag}`,
            insurer: `I-${tag}`,
            policy_number: '',
          }
        : pet,
    );
    const directory = await exportDirectory({
      ...group.files,
      'pets.csv': pets,
      'list_entries.csv': groupEntries(tag),
    });
    const result = await importDirectory(database.url, directory);
    expect(refusalsOf(result)).toEqual([]);
    expect(result.counts('list_entries.csv')).toEqual({ applied: 4, unchanged: 0, refused: 0 });
    const breed = await one<{ id: number }>(`select id from breeds where source = 'group' and code = $1`, [
      `B-${tag}`,
    ]);
    const colour = await one<{ id: number }>(`select id from colours where source = 'group' and code = $1`, [
      `C-${tag}`,
    ]);
    expect(
      await one(`select breed_id, colour_id from pets where pms_ref = $1`, [group.ref('PET', 1)]),
    ).toEqual({ breed_id: breed.id, colour_id: colour.id });
    // The pet form offers them: the group's colour with every breed of the species, its breed with every colour.
    const links = await one<{ n: number }>(
      `select count(*)::int as n from breed_colours where breed_id = $1`,
      [breed.id],
    );
    expect(links.n).toBeGreaterThan(20);
    expect(
      await one(
        `select count(*)::int as n from breed_colours bc join breeds b on b.id = bc.breed_id
          where bc.colour_id = $1 and b.code = 'VBO:0200800'`,
        [colour.id],
      ),
    ).toEqual({ n: 1 });
    expect(
      await one(
        `select sort_order < (select max(sort_order) from cancellation_reasons where source = 'portal') as before_other
                        from cancellation_reasons where code = $1`,
        [`R-${tag}`],
      ),
    ).toEqual({ before_other: true });

    const again = await importDirectory(database.url, directory);
    expect(again.counts('list_entries.csv')).toEqual({ applied: 0, unchanged: 4, refused: 0 });
  });

  it('renames an entry by its code, and refuses one that is a standard entry’s name, naming it, by line', async () => {
    const tag = randomUUID().slice(0, 8);
    await importDirectory(database.url, await exportDirectory({ 'list_entries.csv': groupEntries(tag) }));
    const rows: Rows = [
      { list: 'breed', code: `B-${tag}`, name: `Sprollie Cross ${tag}`, species: 'Dog', synonyms: '' },
      { list: 'breed', code: `X-${tag}`, name: 'Alsatian', species: 'Dog', synonyms: '' },
      { list: 'insurer', code: 'Petplan', name: `Another ${tag}`, species: '', synonyms: '' },
      {
        list: 'colour',
        code: `C2-${tag}`,
        name: `Other Grey ${tag}`,
        species: 'Dog',
        synonyms: `Harbour Grey ${tag}`,
      },
      { list: 'breed', code: `B-${tag}`, name: `Sprollie Again ${tag}`, species: 'Dog', synonyms: '' },
      { list: 'breed', code: `Y-${tag}`, name: `Nameless ${tag}`, species: '', synonyms: '' },
      { list: 'guinea pig', code: `Z-${tag}`, name: `Odd ${tag}`, species: '', synonyms: '' },
    ];
    const result = await importDirectory(database.url, await exportDirectory({ 'list_entries.csv': rows }));
    expect(result.exitCode).toBe(1);
    expect(refusalsOf(result)).toEqual([
      `list_entries.csv:3 name: already names the portal's breed "German Shepherd Dog" (VBO:0200577): use that entry, or give the group's its own names`,
      `list_entries.csv:4 code: already names the portal's insurer "Petplan" (petplan): use that entry, or give the group's its own names`,
      `list_entries.csv:5 synonyms: synonym 1 of 1 already names the group's colour "Harbour Grey ${tag}" (code C-${tag})`,
      'list_entries.csv:6 code: given on line 2 too',
      'list_entries.csv:7 species: required for a breed or a colour, which belong to a species',
      'list_entries.csv:8 list: not one of breed, colour, insurer, cancellation_reason',
    ]);
    expect(result.counts('list_entries.csv')).toEqual({ applied: 1, unchanged: 0, refused: 6 });
    expect(await one(`select name from breeds where source = 'group' and code = $1`, [`B-${tag}`])).toEqual({
      name: `Sprollie Cross ${tag}`,
    });
  });

  it('writes nothing on a dry run', async () => {
    const tag = randomUUID().slice(0, 8);
    const result = await importDirectory(
      database.url,
      await exportDirectory({ 'list_entries.csv': groupEntries(tag) }),
      { dryRun: true },
    );
    expect(result.counts('list_entries.csv')).toEqual({ applied: 4, unchanged: 0, refused: 0 });
    expect(await one(`select count(*)::int as n from insurers where code = $1`, [`I-${tag}`])).toEqual({
      n: 0,
    });
  });
});
