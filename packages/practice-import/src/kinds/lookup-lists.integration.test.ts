import { randomUUID } from 'node:crypto';
import { insurers } from '@vet/db/schema/lookups';
import { seedLookups } from '@vet/db/seed/seed-lookups';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findInList } from './lookup-cells.ts';
import { loadLookupLists } from './lookup-lists.ts';

/** The lists as the import reads them from a real, migrated database holding the seeded lists. */
const { db } = useTestDatabase({ max: 2 });

describe('loadLookupLists', () => {
  it('reads every seeded name, by its lower-cased name, to the id the database gave it', async () => {
    const seeded = await db.transaction((tx) => seedLookups(tx));
    const lists = await loadLookupLists(db);

    for (const [name, id] of seeded.salutations) expect(lists.salutations.get(name.toLowerCase())).toBe(id);
    for (const [name, id] of seeded.insurers) expect(lists.insurers.get(name.toLowerCase())).toBe(id);
    for (const [name, id] of seeded.species) {
      expect(lists.species.get(name.toLowerCase())).toBe(id);
      expect(lists.displayNames.get(name.toLowerCase())).toBe(name);
    }
    for (const [key, id] of seeded.breeds) {
      const [species, breed] = key.split('/') as [string, string];
      expect(lists.breeds.get(seeded.species.get(species)!)?.get(breed.toLowerCase()), key).toBe(id);
    }
    for (const [key, id] of seeded.colours) {
      const [species, colour] = key.split('/') as [string, string];
      expect(lists.colours.get(seeded.species.get(species)!)?.get(colour.toLowerCase()), key).toBe(id);
    }
  });

  it('keeps each species’ breeds to that species, and suggests its own spelling of a near name', async () => {
    const seeded = await db.transaction((tx) => seedLookups(tx));
    const lists = await loadLookupLists(db);
    const dog = seeded.species.get('Dog')!;
    const cat = seeded.species.get('Cat')!;
    expect(lists.breeds.get(dog)?.has('maine coon')).toBe(false);
    expect(lists.breeds.get(cat)?.has('maine coon')).toBe(true);
    expect(
      findInList('labrador retreiver', { names: lists.breeds.get(dog), called: 'breeds' }, lists),
    ).toEqual({
      nearest: expect.arrayContaining(['Labrador Retriever']) as string[],
    });
  });

  it('reads what is stored now, through a transaction too', async () => {
    const name = `Insurer ${randomUUID()}`;
    const lists = await db.transaction(async (tx) => {
      const [row] = await tx.insert(insurers).values({ name }).returning({ id: insurers.id });
      const read = await loadLookupLists(tx);
      expect(read.insurers.get(name.toLowerCase())).toBe(row!.id);
      await tx.delete(insurers).where(eq(insurers.id, row!.id));
      return loadLookupLists(tx);
    });
    expect(lists.insurers.has(name.toLowerCase())).toBe(false);
  });
});
