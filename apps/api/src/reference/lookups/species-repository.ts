import type { Breed, Colour, Species } from '@vet/contracts/lookups';
import type { Database } from '@vet/db/connection';
import { rowExists } from '@vet/db/row-exists';
import { breedColours, breedKeys, breeds, colours, species } from '@vet/db/schema/lookups';
import { and, asc, eq, sql } from 'drizzle-orm';

/** Species, their breeds, and the colours each breed comes in. */
export function createSpeciesRepository(db: Database) {
  return {
    listSpecies(): Promise<Species[]> {
      return db
        .select({ speciesId: species.id, name: species.name, code: species.code })
        .from(species)
        .orderBy(asc(species.sortOrder), asc(species.name));
    },

    listBreeds(speciesId: number): Promise<Breed[]> {
      return db
        .select({ breedId: breeds.id, speciesId: breeds.speciesId, name: breeds.name })
        .from(breeds)
        .where(eq(breeds.speciesId, speciesId))
        .orderBy(asc(breeds.name), asc(breeds.id));
    },

    /**
     * The breeds as a form offers them: each with its synonyms as written (breed_keys, decision 0096),
     * the key only when it has some. A registration's check needs only listBreeds.
     */
    async listBreedsWithSynonyms(speciesId: number): Promise<Breed[]> {
      const rows = await db
        .select({
          breedId: breeds.id,
          speciesId: breeds.speciesId,
          name: breeds.name,
          synonyms: sql<string[] | null>`(
            select array_agg(${breedKeys.text} order by ${breedKeys.text})
            from ${breedKeys}
            where ${breedKeys.entryId} = ${breeds.id} and ${breedKeys.kind} = 'synonym'
          )`,
        })
        .from(breeds)
        .where(eq(breeds.speciesId, speciesId))
        .orderBy(asc(breeds.name), asc(breeds.id));
      return rows.map(({ synonyms, ...breed }) => (synonyms ? { ...breed, synonyms } : breed));
    },

    /** Colours linked to the breed, when the breed is of that species (and the colour too). */
    listBreedColours(speciesId: number, breedId: number): Promise<Colour[]> {
      return db
        .select({ colourId: colours.id, name: colours.name })
        .from(breedColours)
        .innerJoin(breeds, eq(breeds.id, breedColours.breedId))
        .innerJoin(colours, eq(colours.id, breedColours.colourId))
        .where(and(eq(breeds.id, breedId), eq(breeds.speciesId, speciesId), eq(colours.speciesId, speciesId)))
        .orderBy(asc(colours.name), asc(colours.id));
    },

    speciesExists: (speciesId: number): Promise<boolean> => rowExists(db, species, speciesId),

    async breedOfSpeciesExists(speciesId: number, breedId: number): Promise<boolean> {
      const rows = await db
        .select({ id: breeds.id })
        .from(breeds)
        .where(and(eq(breeds.id, breedId), eq(breeds.speciesId, speciesId)))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type SpeciesRepository = ReturnType<typeof createSpeciesRepository>;
