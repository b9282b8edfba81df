import type { Executor } from '@vet/db/connection';
import { sql } from 'drizzle-orm';
import type { LookupLists } from './kind.ts';
import { ListMatcher, type ListEntry } from './list-matcher.ts';

/**
 * The portal's lists a practice system's export names: salutations, species, each species' breeds and
 * colours, insurers, with their keys (decision 0096: names, synonyms, codes, a group's own codes). Read
 * once per import (about 1,300 entries and 6,000 keys) in two queries; rows are then matched in memory.
 */

type ListName = 'salutations' | 'species' | 'breeds' | 'colours' | 'insurers';

interface Row {
  id: number;
  name: string;
  speciesId: number | null;
  keys: { key: string; text: string; kind: string }[];
}

export interface LookupRows {
  salutations: readonly ListEntry[];
  species: readonly ListEntry[];
  breeds: readonly (ListEntry & { speciesId: number })[];
  colours: readonly (ListEntry & { speciesId: number })[];
  insurers: readonly ListEntry[];
}

/** The lists from their rows; each of a species' breeds and colours is matched within its species. */
export function buildLookupLists(rows: LookupRows): LookupLists {
  const bySpecies = (list: readonly (ListEntry & { speciesId: number })[]) => {
    const groups = new Map<number, ListEntry[]>();
    for (const row of list) groups.set(row.speciesId, [...(groups.get(row.speciesId) ?? []), row]);
    return new Map([...groups].map(([speciesId, group]) => [speciesId, new ListMatcher(group)]));
  };
  return {
    salutations: new ListMatcher(rows.salutations),
    species: new ListMatcher(rows.species),
    breeds: bySpecies(rows.breeds),
    colours: bySpecies(rows.colours),
    insurers: new ListMatcher(rows.insurers),
  };
}

/** The lists as stored now (in the executor's transaction, if it is one). */
export async function loadLookupLists(executor: Executor): Promise<LookupLists> {
  const names = await executor.execute<{
    list: ListName;
    id: number;
    name: string;
    speciesId: number | null;
  }>(sql`
    select 'salutations' as list, id, description as name, null::int as "speciesId" from salutations
    union all select 'species', id, name, null from species
    union all select 'breeds', id, name, species_id from breeds
    union all select 'colours', id, name, species_id from colours
    union all select 'insurers', id, name, null from insurers`);
  const keys = await executor.execute<{
    list: ListName;
    id: number;
    key: string;
    text: string;
    kind: string;
  }>(sql`
    select 'salutations' as list, salutation_id as id, key, text, kind::text from salutation_keys
    union all select 'species', species_id, key, text, kind::text from species_keys
    union all select 'breeds', breed_id, key, text, kind::text from breed_keys
    union all select 'colours', colour_id, key, text, kind::text from colour_keys
    union all select 'insurers', insurer_id, key, text, kind::text from insurer_keys`);
  const entries = new Map<string, Row>();
  const lists: Record<ListName, Row[]> = {
    salutations: [],
    species: [],
    breeds: [],
    colours: [],
    insurers: [],
  };
  for (const { list, id, name, speciesId } of names.rows) {
    const row: Row = { id, name, speciesId, keys: [] };
    entries.set(`${list}/${id}`, row);
    lists[list].push(row);
  }
  for (const { list, id, key, text, kind } of keys.rows)
    entries.get(`${list}/${id}`)?.keys.push({ key, text, kind });
  const ofSpecies = (rows: Row[]) => rows.map((r) => ({ ...r, speciesId: r.speciesId! }));
  return buildLookupLists({
    salutations: lists.salutations,
    species: lists.species,
    breeds: ofSpecies(lists.breeds),
    colours: ofSpecies(lists.colours),
    insurers: lists.insurers,
  });
}
