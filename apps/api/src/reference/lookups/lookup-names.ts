import type { Database } from '@vet/db/connection';
import { sql } from 'drizzle-orm';

type Names = ReadonlyMap<number, string>;

/** The names of the lists a pet refers to, by id. */
export interface LookupNameLists {
  species: Names;
  breeds: Names;
  colours: Names;
  insurers: Names;
}

/** The ids a record refers to, which the lists must hold to name it. */
export interface LookupIds {
  speciesId: number;
  breedId: number | null;
  colourId: number | null;
  insurerId: number | null;
  /** The practice system's words where no entry is mapped to them (decision 0131). */
  recorded?: RecordedLabels | null;
  /** A cross of its breed: named "<breed> cross". */
  breedCross?: boolean;
}

/** A pet's labels as its practice system wrote them, where the lists have no entry for them yet. */
export interface RecordedLabels {
  species: string | null;
  breed: string | null;
  colour: string | null;
  insurer: string | null;
}

const lists = { s: 'species', b: 'breeds', c: 'colours', i: 'insurers' } as const;

/**
 * The lookup lists' names, held in process (decision 0090): they are the portal's own lists, which
 * imports match and never add to, so each read of a pet need not join four tables for them. A record
 * naming an id the lists do not hold (a row added since they were read) reads them again before it is
 * answered, as do the first records asked for once the lists are older than `maxAgeMs` (so a renamed
 * entry shows within that time).
 */
export function createLookupNames(
  db: Database,
  { maxAgeMs = 5 * 60_000, now = Date.now }: { maxAgeMs?: number; now?: () => number } = {},
) {
  let held: { lists: LookupNameLists; readAt: number } | undefined;
  let reading: Promise<LookupNameLists> | undefined;

  const read = (): Promise<LookupNameLists> => {
    reading ??= (async () => {
      const readAt = now();
      try {
        const { rows } = await db.execute<{ list: keyof typeof lists; id: number; name: string }>(sql`
          select 's' as list, id, name from species
          union all select 'b', id, name from breeds
          union all select 'c', id, name from colours
          union all select 'i', id, name from insurers`);
        const names = {
          species: new Map<number, string>(),
          breeds: new Map<number, string>(),
          colours: new Map<number, string>(),
          insurers: new Map<number, string>(),
        };
        for (const { list, id, name } of rows) names[lists[list]].set(id, name);
        held = { lists: names, readAt };
        return names;
      } finally {
        reading = undefined;
      }
    })();
    return reading;
  };

  const holdsAll = (names: LookupNameLists, records: readonly LookupIds[]) =>
    records.every(
      (record) =>
        names.species.has(record.speciesId) &&
        (record.breedId === null || names.breeds.has(record.breedId)) &&
        (record.colourId === null || names.colours.has(record.colourId)) &&
        (record.insurerId === null || names.insurers.has(record.insurerId)),
    );

  return {
    /** Lists that name every id of the records; throws if even a fresh read does not (a broken reference). */
    async naming(records: readonly LookupIds[]): Promise<LookupNameLists> {
      if (held && now() - held.readAt <= maxAgeMs && holdsAll(held.lists, records)) return held.lists;
      // Twice: a read already under way may have begun before the entry was added.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const fresh = await read();
        if (holdsAll(fresh, records)) return fresh;
      }
      throw new Error('A record refers to a lookup entry that does not exist');
    },
  };
}

export type LookupNames = ReturnType<typeof createLookupNames>;

/** A record with its lookups' names beside their ids, as the contracts show a pet. */
export function withLookupNames<Row extends LookupIds>(
  { recorded, breedCross, ...row }: Row,
  names: LookupNameLists,
) {
  const breed = row.breedId === null ? (recorded?.breed ?? null) : names.breeds.get(row.breedId)!;
  return {
    ...row,
    // A species the list lacks is stored as Other: the owner sees what the practice wrote.
    speciesName: recorded?.species ?? names.species.get(row.speciesId)!,
    breedName: breed !== null && breedCross ? `${breed} cross` : breed,
    colourName: row.colourId === null ? (recorded?.colour ?? null) : names.colours.get(row.colourId)!,
    insurerName: row.insurerId === null ? (recorded?.insurer ?? null) : names.insurers.get(row.insurerId)!,
  };
}
