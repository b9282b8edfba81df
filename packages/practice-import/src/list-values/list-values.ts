import { writeGroupEntries, type GroupList } from '@vet/db/reference/group-entries';
import type { PracticeValueList } from '@vet/db/schema/practice-list-values';
import type pg from 'pg';
import type { LookupLists } from '../kinds/kind.ts';
import type { ListMatcher } from '../kinds/list-matcher.ts';
import { loadLookupLists } from '../kinds/lookup-lists.ts';
import { moveReasons } from './reason-species.ts';
import { drizzle } from 'drizzle-orm/node-postgres';

/**
 * The values of the portal's lists a practice system wrote and no entry matched (decision 0131): listed
 * for the group with how many records carry each (never which records), and mapped once to an entry,
 * which every stored record carrying the value then gets, and every later record of that system.
 */

/** Where each list's records hold an unmapped value's id, and the value's mapped entry. */
const lists: Record<PracticeValueList, { table: string; entry: string; valueId: string; mapped: string }> = {
  species: { table: 'pets', entry: 'species_id', valueId: 'species_value_id', mapped: 'mapped_species_id' },
  breeds: { table: 'pets', entry: 'breed_id', valueId: 'breed_value_id', mapped: 'mapped_breed_id' },
  colours: { table: 'pets', entry: 'colour_id', valueId: 'colour_value_id', mapped: 'mapped_colour_id' },
  insurers: { table: 'pets', entry: 'insurer_id', valueId: 'insurer_value_id', mapped: 'mapped_insurer_id' },
  salutations: {
    table: 'clients',
    entry: 'salutation_id',
    valueId: 'salutation_value_id',
    mapped: 'mapped_salutation_id',
  },
};

/** What a list is called in a sentence. */
const called: Record<PracticeValueList, string> = {
  species: 'species',
  breeds: 'breed',
  colours: 'colour',
  insurers: 'insurer',
  salutations: 'salutation',
};

export interface UnmappedValue {
  id: number;
  list: PracticeValueList;
  practiceSystem: string;
  /** The species a breed or colour was read for (its name); null for the other lists. */
  species: string | null;
  /** The value as the practice system first wrote it. */
  text: string;
  /** The system's own id of the value (a connector's: ezyVet's breed_id), or null where none came. */
  code: string | null;
  /** How many stored records carry it. */
  records: number;
  /** The list's entries nearest to it, by name and synonyms, nearest first. */
  nearest: string[];
}

export interface UnmappedFilter {
  list?: PracticeValueList;
  practiceSystem?: string;
}

// A species value is carried by pets and by appointment reasons that list it.
const recordCount = `case v.list ${Object.entries(lists)
  .map(([list, l]) => `when '${list}' then (select count(*) from ${l.table} r where r.${l.valueId} = v.id)`)
  .join(' ')} end + case when v.list = 'species'
    then (select count(*) from appointment_reason_species_values l where l.value_id = v.id) else 0 end`;

/** The unmapped values, by list, practice system, species and text. */
export async function listUnmappedValues(
  pool: pg.Pool,
  filter: UnmappedFilter = {},
): Promise<UnmappedValue[]> {
  const { rows } = await pool.query<Omit<UnmappedValue, 'nearest'> & { speciesId: number | null }>(
    `select v.id, v.list, v.practice_system as "practiceSystem", v.species_id as "speciesId",
            s.name as species, v.text, v.code, (${recordCount})::int as records
       from practice_list_values v left join species s on s.id = v.species_id
      where v.mapped_at is null
        and ($1::text is null or v.list = $1) and ($2::text is null or v.practice_system = $2)
      order by v.list, v.practice_system, s.name nulls first, v.text`,
    [filter.list ?? null, filter.practiceSystem ?? null],
  );
  const lookups = rows.length > 0 ? await loadLookupLists(drizzle(pool)) : undefined;
  return rows.map(({ speciesId, ...value }) => ({
    ...value,
    nearest: lookups ? (matcherOf(lookups, value.list, speciesId)?.nearest(value.text) ?? []) : [],
  }));
}

function matcherOf(
  lookups: LookupLists,
  list: PracticeValueList,
  speciesId: number | null,
): ListMatcher | undefined {
  if (list === 'breeds' || list === 'colours') return lookups[list].get(speciesId ?? Number.NaN);
  return lookups[list];
}

/** Why a value cannot be mapped: `code` for the API's answer, `message` for a person. */
export class ListValueRefusal extends Error {
  constructor(
    readonly code: 'not_found' | 'already_mapped' | 'unknown_entry' | 'other_species' | 'no_group_entry',
    message: string,
  ) {
    super(message);
  }
}

/** An entry of the value's list by its name, a synonym or a code; or a new group entry of the value's text. */
export type MapTarget = { entry: string } | { groupEntry: true };

export interface Mapped {
  id: number;
  list: PracticeValueList;
  text: string;
  entry: { id: number; name: string };
  /** false: it was mapped to this entry already (mapping again is idempotent: its records are swept again). */
  changed: boolean;
  /** The stored records that took the entry now. */
  records: number;
}

interface ValueRow {
  id: number;
  list: PracticeValueList;
  practice_system: string;
  species_id: number | null;
  species: string | null;
  key: string;
  text: string;
  mapped: number | null;
}

/** Records moved per transaction: each batch's row locks are held for milliseconds, never a booking's second. */
const defaultBatch = 2_000;

/**
 * Maps an unmapped value to an entry of its list (of its species, for breeds and colours), then gives the
 * entry to every stored record carrying the value, in batches of their own transactions. Mapping a value
 * again to the same entry is idempotent; to another entry, refused: a mapping is the group's word on what
 * the system means, and changing it is a change of the records, made in the practice system.
 */
export async function mapListValue(
  pool: pg.Pool,
  id: number,
  target: MapTarget,
  options: { batchSize?: number } = {},
): Promise<Mapped> {
  const client = await pool.connect();
  let value: ValueRow;
  let entry: { id: number; name: string };
  let changed: boolean;
  try {
    await client.query('begin');
    const { rows } = await client.query<ValueRow>(
      `select v.id, v.list, v.practice_system, v.species_id, s.name as species, v.key, v.text,
              coalesce(v.mapped_species_id, v.mapped_breed_id, v.mapped_colour_id, v.mapped_insurer_id,
                       v.mapped_salutation_id) as mapped
         from practice_list_values v left join species s on s.id = v.species_id
        where v.id = $1 for update of v`,
      [id],
    );
    const found = rows[0];
    if (!found) throw new ListValueRefusal('not_found', `No unmapped value has the id ${id}.`);
    value = found;
    entry = await entryOf(client, value, target);
    changed = value.mapped !== entry.id;
    if (value.mapped !== null && changed) {
      const name = await entryName(client, value.list, value.mapped);
      throw new ListValueRefusal(
        'already_mapped',
        `The ${called[value.list]} “${value.text}” is mapped to ${name} already; it is not unmapped.`,
      );
    }
    if (changed)
      await client.query(
        `update practice_list_values set ${lists[value.list].mapped} = $2, mapped_at = now() where id = $1`,
        [id, entry.id],
      );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  const records =
    (await moveRecords(pool, value, entry.id, options.batchSize ?? defaultBatch)) +
    (value.list === 'species' ? await moveReasons(pool, value.id, entry.id) : 0);
  return { id, list: value.list, text: value.text, entry, changed, records };
}

/**
 * The records carrying the value take the entry, a batch of `batchSize` a transaction, in id order from
 * after the last batch's (a range of the value's index on its id: a batch never walks past the records
 * moved before it, however the value's records are scattered among the group's).
 */
async function moveRecords(pool: pg.Pool, value: ValueRow, entryId: number, batchSize: number) {
  const { table, entry, valueId } = lists[value.list];
  let moved = 0;
  let after = 0;
  for (;;) {
    const { rows } = await pool.query<{ last: number | null; n: number }>(
      `with batch as (
         update ${table} set ${entry} = $2, ${valueId} = null, updated_at = now()
          where id in (select id from ${table} where ${valueId} = $1 and id > $3 order by id limit $4)
         returning id)
       select max(id) as last, count(*)::int as n from batch`,
      [value.id, entryId, after, batchSize],
    );
    const { last, n } = rows[0] ?? { last: null, n: 0 };
    moved += n;
    if (n < batchSize || last === null) return moved;
    after = last;
  }
}

const entryTables: Record<PracticeValueList, string> = {
  species: 'species',
  breeds: 'breeds',
  colours: 'colours',
  insurers: 'insurers',
  salutations: 'salutations',
};

async function entryName(client: pg.ClientBase, list: PracticeValueList, id: number) {
  const column = list === 'salutations' ? 'description' : 'name';
  const { rows } = await client.query<{ name: string }>(
    `select ${column} as name from ${entryTables[list]} where id = $1`,
    [id],
  );
  return rows[0]?.name ?? `entry ${id}`;
}

async function entryOf(
  client: pg.PoolClient,
  value: ValueRow,
  target: MapTarget,
): Promise<{ id: number; name: string }> {
  if ('groupEntry' in target) return groupEntryOf(client, value);
  const lookups = await loadLookupLists(drizzle(client));
  const id = matcherOf(lookups, value.list, value.species_id)?.find(target.entry);
  if (id !== undefined) return { id, name: await entryName(client, value.list, id) };
  if (value.list === 'breeds' || value.list === 'colours') {
    for (const [speciesId, matcher] of lookups[value.list]) {
      const other = matcher.find(target.entry);
      if (other === undefined) continue;
      const { rows } = await client.query<{ name: string }>('select name from species where id = $1', [
        speciesId,
      ]);
      throw new ListValueRefusal(
        'other_species',
        `${await entryName(client, value.list, other)} is a ${called[value.list]} of ${rows[0]?.name}, ` +
          `not of ${value.species}, the species “${value.text}” was read for.`,
      );
    }
  }
  throw new ListValueRefusal(
    'unknown_entry',
    `No ${called[value.list]} of the portal's list is called “${target.entry}”` +
      (value.species ? ` for ${value.species}.` : '.'),
  );
}

const groupListOf: Partial<Record<PracticeValueList, GroupList>> = {
  breeds: 'breeds',
  colours: 'colours',
  insurers: 'insurers',
};

/** The value declared the group's own entry: named as written, coded by its system and key. */
async function groupEntryOf(client: pg.ClientBase, value: ValueRow) {
  const list = groupListOf[value.list];
  if (!list)
    throw new ListValueRefusal(
      'no_group_entry',
      `A group cannot add its own ${called[value.list]}: map the value to an entry of the list.`,
    );
  const [outcome] = await writeGroupEntries(client, [
    {
      list,
      code: `${value.practice_system}:${value.key}`,
      name: value.text,
      speciesId: value.species_id,
      synonyms: [],
    },
  ]);
  if (!outcome || outcome.outcome === 'refused')
    throw new ListValueRefusal(
      'unknown_entry',
      `“${value.text}” cannot be the group's own ${called[value.list]}: ` +
        (outcome?.outcome === 'refused' ? outcome.refusals.map((r) => r.reason).join('; ') : 'refused'),
    );
  return { id: outcome.id, name: value.text };
}
