import { breeds, insurers } from '@vet/db/schema/lookups';
import { createBreed, createColour, createInsurer, createSpecies } from '@vet/db/testing/factories';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLookupNames, withLookupNames } from './lookup-names.ts';

const database = useTestDatabase();
const { db } = database;

/** A species with a breed and a colour, and an insurer, each named uniquely for this test. */
async function lookups() {
  const tag = crypto.randomUUID().slice(0, 8);
  const species = await createSpecies(db, { name: `Species ${tag}` });
  const breed = await createBreed(db, { speciesId: species.id, name: `Breed ${tag}` });
  const colour = await createColour(db, { speciesId: species.id, name: `Colour ${tag}` });
  const insurer = await createInsurer(db, { name: `Insurer ${tag}` });
  return { tag, species, breed, colour, insurer };
}

describe('lookup names held in process', () => {
  it('names a record’s species, breed, colour and insurer, and leaves an absent one null', async () => {
    const { species, breed, colour, insurer } = await lookups();
    const names = createLookupNames(db);
    const record = {
      petId: 1,
      speciesId: species.id,
      breedId: breed.id,
      colourId: null,
      insurerId: insurer.id,
    };
    expect(withLookupNames(record, await names.naming([record]))).toStrictEqual({
      ...record,
      speciesName: species.name,
      breedName: breed.name,
      colourName: null,
      insurerName: insurer.name,
    });
    const withColour = { ...record, colourId: colour.id };
    expect(withLookupNames(withColour, await names.naming([withColour])).colourName).toBe(colour.name);
  });

  it('reads the lists again at once for an entry added since they were read', async () => {
    const { species } = await lookups();
    const names = createLookupNames(db);
    await names.naming([]);
    const added = await createBreed(db, { speciesId: species.id, name: `Added ${crypto.randomUUID()}` });
    const record = { speciesId: species.id, breedId: added.id, colourId: null, insurerId: null };
    expect((await names.naming([record])).breeds.get(added.id)).toBe(added.name);
  });

  it('shows a renamed entry once the lists are older than their age, not before', async () => {
    const { tag, species, breed, insurer } = await lookups();
    let clock = 1_000_000;
    const names = createLookupNames(db, { maxAgeMs: 60_000, now: () => clock });
    const record = { speciesId: species.id, breedId: breed.id, colourId: null, insurerId: insurer.id };
    await names.naming([record]);
    await db
      .update(breeds)
      .set({ name: `Renamed breed ${tag}` })
      .where(eq(breeds.id, breed.id));
    await db
      .update(insurers)
      .set({ name: `Renamed insurer ${tag}` })
      .where(eq(insurers.id, insurer.id));

    clock += 60_000;
    const held = await names.naming([record]);
    expect([held.breeds.get(breed.id), held.insurers.get(insurer.id)]).toStrictEqual([
      breed.name,
      insurer.name,
    ]);
    clock += 1;
    const read = await names.naming([record]);
    expect([read.breeds.get(breed.id), read.insurers.get(insurer.id)]).toStrictEqual([
      `Renamed breed ${tag}`,
      `Renamed insurer ${tag}`,
    ]);
  });

  it('refuses a record whose entry does not exist even in a fresh read', async () => {
    const names = createLookupNames(db);
    const broken = { speciesId: 2_147_483_647, breedId: null, colourId: null, insurerId: null };
    await expect(names.naming([broken])).rejects.toThrow('refers to a lookup entry that does not exist');
  });

  it('reads the lists once for the records asked for together', async () => {
    const { species, breed } = await lookups();
    let reads = 0;
    const counting = new Proxy(db, {
      get: (target, property, receiver) =>
        property === 'execute'
          ? (...args: Parameters<typeof db.execute>) => ((reads += 1), target.execute(...args))
          : (Reflect.get(target, property, receiver) as unknown),
    });
    const names = createLookupNames(counting);
    const record = { speciesId: species.id, breedId: breed.id, colourId: null, insurerId: null };
    await Promise.all([names.naming([record]), names.naming([record]), names.naming([])]);
    await names.naming([record]);
    expect(reads).toBe(1);
  });
});
