import { randomUUID } from 'node:crypto';
import { loadReferenceLists } from '@vet/db/reference/load-reference-lists';
import { insurers } from '@vet/db/schema/lookups';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { findInList } from './lookup-cells.ts';
import { loadLookupLists } from './lookup-lists.ts';

/**
 * The lists as the import reads them from a real, migrated database holding the reference lists
 * (decision 0096): matched by name, synonym or code, without regard to case, spacing or punctuation.
 */
const { db, pool } = useTestDatabase({ max: 2 });

const idOf = async (table: string, code: string) =>
  (await db.execute<{ id: number }>(sql`select id from ${sql.identifier(table)} where code = ${code}`))
    .rows[0]!.id;
let dog: number;
let cat: number;

beforeAll(async () => {
  await loadReferenceLists(pool);
  dog = (
    await db.execute<{ id: number }>(sql`select id from species where code = 'Canine' and source is not null`)
  ).rows[0]!.id;
  cat = (
    await db.execute<{ id: number }>(sql`select id from species where code = 'Feline' and source is not null`)
  ).rows[0]!.id;
});

describe('loadLookupLists', () => {
  it('matches a species by its name or the specification’s code, in any case: Canine is a dog', async () => {
    const lists = await loadLookupLists(db);
    for (const name of ['Dog', 'dog', 'Canine', 'CANINE', ' canine '])
      expect(findInList(name, { names: lists.species, called: 'species' }), name).toEqual({ id: dog });
    expect(findInList('Feline', { names: lists.species, called: 'species' })).toEqual({ id: cat });
  });

  it('matches a breed by its name, a synonym, its VBO id or VeNom code, whatever its spacing and punctuation', async () => {
    const lists = await loadLookupLists(db);
    const gsd = await idOf('breeds', 'VBO:0200577');
    const breeds = { names: lists.breeds.get(dog), called: 'breeds' };
    for (const name of [
      'German Shepherd Dog',
      'german-shepherd dog',
      'Alsatian',
      'ALSATIAN',
      'GSD',
      'VeNom:14796',
      'venom 14796',
      'VBO:0200577',
      '14796',
    ])
      expect(findInList(name, breeds), name).toEqual({ id: gsd });
    // Digits alone are a VeNom code of the species' breeds, or nothing (decision 0096, amended).
    expect(findInList('99999', breeds)).toHaveProperty('nearest');
    expect(findInList('14796', { names: lists.breeds.get(cat), called: 'breeds' })).toHaveProperty('nearest');
  });

  it('keeps each species’ breeds to that species', async () => {
    const lists = await loadLookupLists(db);
    expect(findInList('Maine Coon', { names: lists.breeds.get(dog), called: 'breeds' })).toHaveProperty(
      'nearest',
    );
    expect(findInList('Maine Coon', { names: lists.breeds.get(cat), called: 'breeds' })).toEqual({
      id: await idOf('breeds', 'VBO:0100154'),
    });
  });

  it('suggests by synonyms too: a misspelt Alsatian offers the German Shepherd Dog', async () => {
    const lists = await loadLookupLists(db);
    const breeds = { names: lists.breeds.get(dog), called: 'breeds' };
    expect(findInList('Alsation', breeds)).toEqual({
      nearest: expect.arrayContaining(['German Shepherd Dog']) as string[],
    });
    expect((findInList('Alsation', breeds) as { nearest: string[] }).nearest[0]).toBe('German Shepherd Dog');
    expect((findInList('Labrador Retreiver', breeds) as { nearest: string[] }).nearest[0]).toBe(
      'Labrador Retriever',
    );
  });

  it('reads what is stored now, through a transaction too', async () => {
    const name = `Insurer ${randomUUID()}`;
    const lists = await db.transaction(async (tx) => {
      const [row] = await tx.insert(insurers).values({ name }).returning({ id: insurers.id });
      const read = await loadLookupLists(tx);
      expect(read.insurers.find(name.toUpperCase())).toBe(row!.id);
      await tx.delete(insurers).where(eq(insurers.id, row!.id));
      return loadLookupLists(tx);
    });
    expect(lists.insurers.find(name)).toBeUndefined();
  });
});
