import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../connection.ts';
import { createClient, createPet } from '../testing/factories.ts';
import { useOwnDatabase } from '../testing/own-database.ts';
import { ReferenceDataRefused, loadReferenceLists } from './load-reference-lists.ts';
import { referenceDirectoryCopy } from './testing/reference-directory.ts';

/**
 * Decision 0096: the reference lists loaded on an empty database, again unchanged, and updated (a rename,
 * a merge, a removal) with what names their entries; refused, with nothing written, for bad files and for
 * an update that would leave a pet without its breed. A database of this file's own: the loads take
 * every list row, and the shared database's other files make rows of their own.
 */
const own = useOwnDatabase('reference_lists');
const copies: ReturnType<typeof referenceDirectoryCopy>[] = [];
const copy = () => {
  const made = referenceDirectoryCopy();
  copies.push(made);
  return made;
};
afterEach(() => {
  for (const made of copies.splice(0)) made.remove();
});

const db = (): DatabaseHandle => own.current;
const one = async <T>(sql: string, values: unknown[] = []): Promise<T> =>
  (await db().pool.query(sql, values)).rows[0] as T;
const breed = (code: string) =>
  one<{ id: number; name: string; species_id: number } | undefined>(
    'select id, name, species_id from breeds where code = $1',
    [code],
  );
const version = async () => (await one<{ v: string }>('select version::text as v from lists_version')).v;

async function petOf(code: string) {
  const found = (await breed(code))!;
  const client = await createClient(db().db);
  return createPet(db().db, { clientId: client.id, speciesId: found.species_id, breedId: found.id });
}

describe('loadReferenceLists', () => {
  it('loads every list on an empty database, then writes nothing on a second run', async () => {
    const first = await loadReferenceLists(db().pool);
    expect(first.changed).toBe(true);
    expect(first.lists.species).toMatchObject({ entries: 9, added: 9 });
    expect(first.lists.breeds.added).toBeGreaterThan(1000);
    expect(first.breedColours.added).toBeGreaterThan(0);
    expect(
      (await db().pool.query('select code::text, name from species order by sort_order')).rows.slice(0, 3),
    ).toEqual([
      { code: 'Canine', name: 'Dog' },
      { code: 'Feline', name: 'Cat' },
      { code: 'Rabbit', name: 'Rabbit' },
    ]);
    expect(
      await one(
        `select b.name, array_agg(k.text order by k.text) as keys from breeds b
           join breed_keys k on k.breed_id = b.id where b.code = 'VBO:0200577' group by b.name`,
      ),
    ).toMatchObject({
      name: 'German Shepherd Dog',
      keys: expect.arrayContaining(['Alsatian', 'VeNom:14796']) as string[],
    });
    // One key in two species (a cat's DSH, a dog's), and the names VBO packs into one synonym.
    expect(
      (
        await db().pool.query(
          `select s.code::text as species, b.name from breed_keys k join breeds b on b.id = k.breed_id
             join species s on s.id = b.species_id where k.key in ('dsh', 'westy') order by 1, 2`,
        )
      ).rows,
    ).toEqual([
      { species: 'Canine', name: 'German Shepherd Dog' },
      { species: 'Canine', name: 'West Highland White Terrier' },
      { species: 'Feline', name: 'Domestic Shorthair' },
    ]);
    expect(await one(`select count(*)::int as n from cancellation_reasons where source = 'portal'`)).toEqual({
      n: 8,
    });

    const before = await version();
    const second = await loadReferenceLists(db().pool);
    expect(second.changed).toBe(false);
    expect(second.breedColours).toEqual({ added: 0, removed: 0 });
    for (const counts of Object.values(second.lists))
      expect(counts).toMatchObject({
        added: 0,
        changed: 0,
        merged: 0,
        removed: 0,
        keysAdded: 0,
        keysRemoved: 0,
      });
    expect(await version()).toBe(before);
  });

  it('renames an entry in place: its pets keep it', async () => {
    await loadReferenceLists(db().pool);
    const pet = await petOf('VBO:0200800');
    const made = copy();
    made.replace(
      'breeds-vbo.csv',
      'Canine,VBO:0200800,',
      'Canine,VBO:0200800,Labrador,VeNom:14631,Lab|Labrador Retriever,',
    );
    const load = await loadReferenceLists(db().pool, { directory: made.directory });
    expect(load.lists.breeds).toMatchObject({ changed: 1, merged: 0, removed: 0 });
    expect(await breed('VBO:0200800')).toMatchObject({ id: pet.breedId, name: 'Labrador' });
  });

  it('merges an entry replaced by another: its pets move there, its code becomes the other’s', async () => {
    await loadReferenceLists(db().pool);
    const pet = await petOf('VBO:0200840');
    const lurcher = (await breed('VBO:0200840'))!;
    const greyhound = (await breed('VBO:0200638'))!;
    const made = copy();
    made.replace('breeds-vbo.csv', 'Canine,VBO:0200840,', 'Canine,VBO:0200840,Lurcher,,,VBO:0200638');
    const load = await loadReferenceLists(db().pool, { directory: made.directory });
    expect(load.lists.breeds).toMatchObject({ merged: 1, removed: 0 });
    expect(await breed('VBO:0200840')).toBeUndefined();
    expect(await one('select breed_id from pets where id = $1', [pet.id])).toEqual({
      breed_id: greyhound.id,
    });
    expect(
      await one(`select breed_id from breed_keys where key = 'vbo0200840' and species_id = $1`, [
        lurcher.species_id,
      ]),
    ).toEqual({ breed_id: greyhound.id });
  });

  it('removes an entry no pet names; refuses, naming it, to remove one a pet names, and writes nothing', async () => {
    await loadReferenceLists(db().pool);
    await petOf('VBO:0200746');
    const made = copy();
    made.replace('breeds-vbo.csv', 'Canine,VBO:0200746,', null);
    made.replace('breeds-vbo.csv', 'Canine,VBO:0200725,', null);
    made.replace('insurers.csv', 'waggel,', 'waggel,Waggel Insurance,');
    const before = await version();
    const refusal = await loadReferenceLists(db().pool, { directory: made.directory }).catch(
      (e: unknown) => e,
    );
    expect(refusal).toBeInstanceOf(ReferenceDataRefused);
    expect((refusal as ReferenceDataRefused).problems).toEqual([
      {
        file: 'breeds',
        line: 0,
        reason:
          'breed "Jug" (VBO:0200746) is no longer in the list, but 1 pets name it: keep it, or give its code a replaced_by',
      },
    ]);
    expect(await version()).toBe(before);
    expect(await one(`select name from insurers where code = 'waggel'`)).toEqual({ name: 'Waggel' });

    made.append('breeds-vbo.csv', 'Canine,VBO:0200746,Jug,VeNom:22539,,');
    const load = await loadReferenceLists(db().pool, { directory: made.directory });
    expect(load.lists.breeds.removed).toBe(1);
    expect(await breed('VBO:0200725')).toBeUndefined();
  });

  it('refuses a file with a code given twice or a synonym two entries claim, by line, writing nothing', async () => {
    await loadReferenceLists(db().pool);
    const made = copy();
    made.append('cancellation-reasons.csv', 'other,Something else,');
    made.append('breeds-portal.csv', 'Canine,portal-alsatian,Alsatian Cross,Alsatian');
    made.replace('insurers.csv', 'waggel,', 'waggel,Waggel Insurance,');
    const before = await version();
    const refusal = await loadReferenceLists(db().pool, { directory: made.directory }).catch(
      (e: unknown) => e,
    );
    expect(refusal).toBeInstanceOf(ReferenceDataRefused);
    expect((refusal as ReferenceDataRefused).problems.map((p) => [p.file, p.line])).toEqual([
      ['breeds-portal.csv', made.lineOf('breeds-portal.csv', 'Canine,portal-alsatian')],
      ['cancellation-reasons.csv', made.lineOf('cancellation-reasons.csv', 'other,Something')],
    ]);
    expect(await version()).toBe(before);
  });

  it('adopts rows from before the lists, and a group’s entry of a listed name, keeping their ids and codes', async () => {
    await loadReferenceLists(db().pool);
    const dog = await one<{ id: number }>(
      `select id from species where code = 'Canine' and source is not null`,
    );
    const legacy = await one<{ id: number }>(
      `insert into breeds (species_id, name) values ($1, 'Labradoodle ') returning id`,
      [dog.id],
    );
    const group = await one<{ id: number }>(
      `insert into breeds (species_id, name, source, code) values ($1, 'Harbour Spaniel', 'group', 'SPR') returning id`,
      [dog.id],
    );
    await db().pool.query(
      `insert into breed_keys (breed_id, species_id, key, text, kind) values
         ($1, $2, 'harbourspaniel', 'Harbour Spaniel', 'name'), ($1, $2, 'spr', 'SPR', 'practice_code')`,
      [group.id, dog.id],
    );
    const made = copy();
    made.append('breeds-portal.csv', 'Canine,portal-harbour,Harbour Water Dog,Harbour Spaniel,');
    // The shipped Labradoodle is adopted once its row is gone: the row from before the lists takes its place.
    const labradoodle = (await breed('VBO:0200798'))!;
    await db().pool.query('delete from breeds where id = $1', [labradoodle.id]);
    await loadReferenceLists(db().pool, { directory: made.directory });
    expect(await breed('VBO:0200798')).toMatchObject({ id: legacy.id, name: 'Labradoodle' });
    expect(await breed('portal-harbour')).toMatchObject({ id: group.id, name: 'Harbour Water Dog' });
    expect(
      await one(
        `select breed_id from breed_keys where key = 'spr' and kind = 'practice_code' and species_id = $1`,
        [dog.id],
      ),
    ).toEqual({ breed_id: group.id });
  });
});
