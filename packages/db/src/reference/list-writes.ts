import pg from 'pg';
import type { DesiredEntry, DesiredKey, ListPlan } from './list-plan.ts';
import type { ListTable } from './list-tables.ts';
import type { Reference, StoredKey, StoredList } from './stored-lists.ts';

/** What loading changed in one list (decision 0096): all zero when the data and the lists agreed. */
export interface ListCounts {
  /** Entries now listed. */
  entries: number;
  added: number;
  /** Renamed, adopted (a row from before the lists, or a group's), re-sorted or moved. */
  changed: number;
  /** Rows merged into an entry, what named them moved to it. */
  merged: number;
  removed: number;
  keysAdded: number;
  keysRemoved: number;
}

const id = pg.escapeIdentifier;

/**
 * Writes a list's plan (list-plan.ts), whose refusals were checked: merges, removals, changes of the
 * rows kept, new rows, then the keys. Nothing is written for what is unchanged, so a second load of the
 * same data writes nothing at all (and moves no lists_version).
 */
export async function writeListPlan(
  client: pg.ClientBase,
  table: ListTable,
  plan: ListPlan,
  stored: StoredList,
): Promise<ListCounts> {
  const t = table.table;
  const counts: ListCounts = {
    entries: plan.entries.length,
    added: 0,
    changed: 0,
    merged: plan.merges.length,
    removed: plan.removals.length,
    keysAdded: 0,
    keysRemoved: 0,
  };
  if (plan.merges.length > 0) {
    const from = plan.merges.map((m) => m.from.id);
    const into = plan.merges.map((m) => m.into.id!);
    for (const reference of stored.references) await moveReferences(client, reference, from, into);
    await client.query(`delete from ${t} where id = any($1::int[])`, [from]);
  }
  if (plan.removals.length > 0)
    await client.query(`delete from ${t} where id = any($1::int[])`, [plan.removals.map((r) => r.id)]);

  // A row moving to another species takes its keys with it (they are scoped by it): written afresh below.
  let keys = stored.keys;
  if (plan.speciesMoves.length > 0) {
    const moving = new Set(plan.speciesMoves.map((r) => r.id));
    await client.query(`delete from ${table.keysTable} where ${table.entryColumn} = any($1::int[])`, [
      [...moving],
    ]);
    keys = keys.filter((k) => !moving.has(k.entryId));
  }
  const rows = new Map(stored.rows.map((r) => [r.id, r]));
  const changed = plan.entries.filter((d) => {
    if (d.id === null) return false;
    const row = rows.get(d.id)!;
    return (
      row.name !== d.entry.name ||
      row.source !== d.source ||
      row.code !== d.entry.code ||
      (table.ofSpecies && row.speciesId !== d.speciesId) ||
      (table.sorted && row.sortOrder !== d.sortOrder)
    );
  });
  counts.changed = changed.length;
  if (changed.length > 0) await updateRows(client, table, changed);
  const added = plan.entries.filter((d) => d.id === null);
  counts.added = added.length;
  if (added.length > 0) await insertRows(client, table, added);

  const { added: keysAdded, removed: keysRemoved } = await syncKeys(client, table, plan, keys);
  counts.keysAdded = keysAdded;
  counts.keysRemoved = keysRemoved;
  return counts;
}

async function moveReferences(client: pg.ClientBase, reference: Reference, from: number[], into: number[]) {
  const column = id(reference.column);
  await client.query(
    `update ${reference.table} r set ${column} = m.into_id
       from unnest($1::int[], $2::int[]) m(from_id, into_id) where r.${column} = m.from_id`,
    [from, into],
  );
}

/**
 * A row's new name may be another row's old one (two entries swapping names): every changed row first
 * takes a name no row has, then its own.
 */
async function updateRows(client: pg.ClientBase, table: ListTable, changed: DesiredEntry[]) {
  const name = id(table.nameColumn);
  const ids = changed.map((d) => d.id!);
  await client.query(`update ${table.table} set ${name} = ${name} || ' ~' || id where id = any($1::int[])`, [
    ids,
  ]);
  const code = table.list === 'species' ? 'code = m.code::species_code' : 'code = m.code';
  await client.query(
    `update ${table.table} r set ${name} = m.name, source = m.source::list_source, ${code}
            ${table.ofSpecies ? ', species_id = m.species_id' : ''}
            ${table.sorted ? ', sort_order = m.sort_order' : ''}
       from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[])
            m(id, name, source, code, species_id, sort_order)
      where r.id = m.id`,
    [
      ids,
      changed.map((d) => d.entry.name),
      changed.map((d) => d.source),
      changed.map((d) => d.entry.code),
      changed.map((d) => d.speciesId),
      changed.map((d) => d.sortOrder),
    ],
  );
}

async function insertRows(client: pg.ClientBase, table: ListTable, added: DesiredEntry[]) {
  const columns = [
    id(table.nameColumn),
    'source',
    'code',
    ...(table.ofSpecies ? ['species_id'] : []),
    ...(table.sorted ? ['sort_order'] : []),
  ];
  const code = table.list === 'species' ? 'm.code::species_code' : 'm.code';
  const { rows } = await client.query<{ id: number; code: string }>(
    `insert into ${table.table} (${columns.join(', ')})
     select m.name, m.source::list_source, ${code}
            ${table.ofSpecies ? ', m.species_id' : ''} ${table.sorted ? ', m.sort_order' : ''}
       from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[])
            with ordinality m(name, source, code, species_id, sort_order, n)
      order by m.n
     returning id, code::text as code`,
    [
      added.map((d) => d.entry.name),
      added.map((d) => d.source),
      added.map((d) => d.entry.code),
      added.map((d) => d.speciesId),
      added.map((d) => d.sortOrder),
    ],
  );
  const ids = new Map(rows.map((r) => [r.code, r.id]));
  for (const d of added) d.id = ids.get(d.entry.code)!;
}

/** Every key of every entry as the plan wants it; a group's keys that an entry now has are dropped. */
async function syncKeys(client: pg.ClientBase, table: ListTable, plan: ListPlan, keys: readonly StoredKey[]) {
  const scope = (speciesId: number | null) => (table.ofSpecies ? speciesId! : 0);
  const same = (entryId: number, speciesId: number, k: DesiredKey) =>
    `${entryId}/${speciesId}/${k.key}/${k.kind}/${k.text}`;
  const wanted = new Map<string, { entryId: number; speciesId: number; key: DesiredKey }>();
  for (const d of plan.entries)
    for (const key of d.keys)
      wanted.set(same(d.id!, scope(d.speciesId), key), {
        entryId: d.id!,
        speciesId: scope(d.speciesId),
        key,
      });
  const entryIds = new Set(plan.entries.map((d) => d.id!));
  const dropped = new Set(plan.droppedKeys);
  const have = new Set<string>();
  const stale = keys.filter((k) => {
    if (dropped.has(k)) return true;
    if (!entryIds.has(k.entryId)) return false;
    const signature = same(k.entryId, k.speciesId, k);
    have.add(signature);
    return !wanted.has(signature);
  });
  // A merged row's keys went with it; the rest go before the new ones, which may take their place.
  const merged = new Set(plan.merges.map((m) => m.from.id));
  const removed = new Set(plan.removals.map((r) => r.id));
  const deleting = stale.filter((k) => !merged.has(k.entryId) && !removed.has(k.entryId));
  if (deleting.length > 0)
    await client.query(
      `delete from ${table.keysTable} k using unnest($1::int[], $2::text[]) d(scope, key)
        where k.key = d.key ${table.ofSpecies ? 'and k.species_id = d.scope' : ''}`,
      [deleting.map((k) => k.speciesId), deleting.map((k) => k.key)],
    );
  const adding = [...wanted].filter(([signature]) => !have.has(signature)).map(([, v]) => v);
  if (adding.length > 0)
    await client.query(
      `insert into ${table.keysTable} (${table.entryColumn}, ${table.ofSpecies ? 'species_id, ' : ''}key, text, kind)
       select m.entry_id, ${table.ofSpecies ? 'm.species_id, ' : ''}m.key, m.text, m.kind::list_key_kind
         from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[]) m(entry_id, species_id, key, text, kind)`,
      [
        adding.map((a) => a.entryId),
        adding.map((a) => a.speciesId),
        adding.map((a) => a.key.key),
        adding.map((a) => a.key.text),
        adding.map((a) => a.key.kind),
      ],
    );
  return { added: adding.length, removed: deleting.length };
}
