import type { Executor } from '@vet/db/connection';
import { breeds, colours, insurers, salutations, species } from '@vet/db/schema/lookups';
import type { LookupLists } from './kind.ts';

/**
 * The portal's lists a practice system's export names by name: salutations, species, each species'
 * breeds and colours, insurers. Read once per import (a few hundred rows); rows are then matched in
 * memory, case-insensitively.
 */

interface Named {
  id: number;
  name: string;
}

interface OfSpecies extends Named {
  speciesId: number;
}

export interface LookupRows {
  salutations: readonly Named[];
  species: readonly Named[];
  breeds: readonly OfSpecies[];
  colours: readonly OfSpecies[];
  insurers: readonly Named[];
}

/** The lists from their rows: keys are lower-cased names; displayNames keeps the portal's spelling. */
export function buildLookupLists(rows: LookupRows): LookupLists {
  const displayNames = new Map<string, string>();
  const byName = (list: readonly Named[]) => {
    const map = new Map<string, number>();
    for (const { id, name } of list) {
      const key = name.trim().toLowerCase();
      map.set(key, id);
      displayNames.set(key, name);
    }
    return map;
  };
  const bySpecies = (list: readonly OfSpecies[]) => {
    const groups = new Map<number, OfSpecies[]>();
    for (const row of list) {
      const group = groups.get(row.speciesId);
      if (group) group.push(row);
      else groups.set(row.speciesId, [row]);
    }
    return new Map([...groups].map(([speciesId, group]) => [speciesId, byName(group)]));
  };
  return {
    salutations: byName(rows.salutations),
    species: byName(rows.species),
    breeds: bySpecies(rows.breeds),
    colours: bySpecies(rows.colours),
    insurers: byName(rows.insurers),
    displayNames,
  };
}

/** The lists as stored now. */
export async function loadLookupLists(executor: Executor): Promise<LookupLists> {
  const [salutationRows, speciesRows, breedRows, colourRows, insurerRows] = await Promise.all([
    executor.select({ id: salutations.id, name: salutations.description }).from(salutations),
    executor.select({ id: species.id, name: species.name }).from(species),
    executor.select({ id: breeds.id, speciesId: breeds.speciesId, name: breeds.name }).from(breeds),
    executor.select({ id: colours.id, speciesId: colours.speciesId, name: colours.name }).from(colours),
    executor.select({ id: insurers.id, name: insurers.name }).from(insurers),
  ]);
  return buildLookupLists({
    salutations: salutationRows,
    species: speciesRows,
    breeds: breedRows,
    colours: colourRows,
    insurers: insurerRows,
  });
}
