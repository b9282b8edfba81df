import pg from 'pg';
import type { ListTable } from './list-tables.ts';

export type ListSource = 'vbo' | 'portal' | 'group';
export type KeyKind = 'name' | 'synonym' | 'code' | 'practice_code';

/** A list's row as stored. `code` is null for a row from before the lists (source null). */
export interface StoredRow {
  id: number;
  name: string;
  source: ListSource | null;
  code: string | null;
  speciesId: number | null;
  sortOrder: number | null;
}

export interface StoredKey {
  entryId: number;
  /** 0 for the lists that are not of a species. */
  speciesId: number;
  key: string;
  text: string;
  kind: KeyKind;
}

/** A column of another table that names the list's rows and blocks their deletion (pets.breed_id, …). */
export interface Reference {
  table: string;
  column: string;
}

export interface StoredList {
  rows: StoredRow[];
  keys: StoredKey[];
  references: Reference[];
}

export async function readStoredList(client: pg.ClientBase, table: ListTable): Promise<StoredList> {
  // A species' code is the specification's enumeration: it is an entry's code only once the lists hold it.
  const code = table.list === 'species' ? `case when source is null then null else code::text end` : 'code';
  // One connection: one query at a time.
  const rows = await client.query<StoredRow>(
    `select id, ${table.nameColumn} as name, source::text as source, ${code} as code,
              ${table.ofSpecies ? 'species_id' : 'null::int'} as "speciesId",
              ${table.sorted ? 'sort_order' : 'null::int'} as "sortOrder"
         from ${table.table} order by id`,
  );
  const keys = await client.query<StoredKey>(
    `select ${table.entryColumn} as "entryId", ${table.ofSpecies ? 'species_id' : '0'} as "speciesId",
              key, text, kind::text as kind
         from ${table.keysTable}`,
  );
  return { rows: rows.rows, keys: keys.rows, references: await readReferences(client, table.table) };
}

/**
 * The foreign keys that name the table's rows and are not deleted with them (pets, appointments, …),
 * read from the catalog: a table that refers to a list later is counted without a change here.
 */
async function readReferences(client: pg.ClientBase, table: string): Promise<Reference[]> {
  const { rows } = await client.query<Reference>(
    `select c.conrelid::regclass::text as table, a.attname as column
       from pg_constraint c
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = $1::regclass and cardinality(c.conkey) = 1
        and c.confdeltype in ('a', 'r')
      order by 1, 2`,
    [table],
  );
  return rows;
}

/** How many rows of each reference name each of `ids`: the entries a change would leave named by nothing. */
export async function countReferences(
  client: pg.ClientBase,
  references: readonly Reference[],
  ids: readonly number[],
): Promise<Map<number, { table: string; count: number }[]>> {
  const counts = new Map<number, { table: string; count: number }[]>();
  if (ids.length === 0) return counts;
  for (const { table, column } of references) {
    const { rows } = await client.query<{ id: number; count: string }>(
      `select ${pg.escapeIdentifier(column)} as id, count(*) as count from ${table}
        where ${pg.escapeIdentifier(column)} = any($1::int[]) group by 1`,
      [ids],
    );
    for (const row of rows)
      counts.set(row.id, [...(counts.get(row.id) ?? []), { table, count: Number(row.count) }]);
  }
  return counts;
}
