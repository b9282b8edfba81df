import pg from 'pg';
import { lockSpaces } from '../lock-spaces.ts';
import { linkGroupEntries } from './breed-colour-links.ts';
import { listKey } from './list-key.ts';
import { bumpListsVersion } from './lists-version.ts';
import { listTables, type ListTable } from './list-tables.ts';
import {
  countReferences,
  readStoredList,
  type KeyKind,
  type StoredList,
  type StoredRow,
} from './stored-lists.ts';

/**
 * A group's own entries of the lists (decision 0096): a breed, colour, insurer or cancellation reason the
 * reference lists lack, with the group's practice-system code, written by the practice import
 * (list_entries.csv) and the integration API. An entry is its group row of that code: created, renamed,
 * its synonyms replaced. Each of its keys (name, code, synonyms) must be its own in its list (of its
 * species): one that names an entry of the reference lists is refused with that entry's name, so a
 * group never shadows or duplicates the standard list. A refusal names the field (a synonym by its
 * place), never the group's value.
 */

export const groupLists = ['breeds', 'colours', 'insurers', 'cancellationReasons'] as const;
export type GroupList = (typeof groupLists)[number];

export interface GroupEntryInput {
  list: GroupList;
  /** The practice system's code for the entry: its identity. */
  code: string;
  name: string;
  /** Breeds and colours: the species' id; the others: null. */
  speciesId: number | null;
  synonyms: readonly string[];
  /** Where the entry was given, for a refusal naming another of the batch: `line 4`, `item 2`. */
  place?: string;
}

export type GroupEntryField = 'code' | 'name' | 'species' | 'synonyms';

export interface GroupEntryRefusal {
  field: GroupEntryField;
  reason: string;
}

export type GroupEntryOutcome =
  | { outcome: 'applied' | 'unchanged'; id: number; created: boolean }
  | { outcome: 'refused'; refusals: GroupEntryRefusal[] };

interface Owner {
  id: number;
  name: string;
  source: StoredRow['source'];
  code: string | null;
}

interface WantedKey {
  key: string;
  text: string;
  kind: KeyKind;
  field: GroupEntryField;
  /** How a refusal names it, never by its value: `synonym 2 of 3 `, or nothing for the name and code. */
  which: string;
}

/**
 * Writes the entries in the caller's transaction, in order, each answered on its own; one at a time with
 * the reference lists' loads (their advisory lock). lists_version moves with any change.
 */
export async function writeGroupEntries(
  client: pg.ClientBase,
  entries: readonly GroupEntryInput[],
): Promise<GroupEntryOutcome[]> {
  await client.query('select pg_advisory_xact_lock($1, 0)', [lockSpaces.referenceLists]);
  const outcomes = new Array<GroupEntryOutcome>(entries.length);
  let linksNeeded = false;
  for (const list of groupLists) {
    const indexes = entries.flatMap((e, i) => (e.list === list ? [i] : []));
    if (indexes.length === 0) continue;
    const table = listTables[list];
    const writer = new ListWriter(client, table, await readStoredList(client, table));
    for (const index of indexes) {
      outcomes[index] = await writer.write(entries[index]!);
      if (outcomes[index].outcome === 'applied' && table.ofSpecies) linksNeeded = true;
    }
  }
  if (linksNeeded) await linkGroupEntries(client);
  if (outcomes.some((o) => o.outcome === 'applied')) await bumpListsVersion(client);
  return outcomes;
}

class ListWriter {
  private readonly owners = new Map<string, Owner>();
  /** The batch's codes so far, and where each was given. */
  private readonly given = new Map<string, string>();
  private readonly rows: Map<number, StoredRow>;

  constructor(
    private readonly client: pg.ClientBase,
    private readonly table: ListTable,
    private readonly stored: StoredList,
  ) {
    this.rows = new Map(stored.rows.map((r) => [r.id, r]));
    const keyed = new Set(stored.keys.map((k) => k.entryId));
    for (const k of stored.keys) this.own(k.speciesId, k.key, this.ownerOf(this.rows.get(k.entryId)!));
    // A row from before the lists is matched by its name alone.
    for (const row of stored.rows)
      if (!keyed.has(row.id)) this.own(this.scope(row.speciesId), listKey(row.name), this.ownerOf(row));
  }

  private scope(speciesId: number | null) {
    return this.table.ofSpecies ? (speciesId ?? -1) : 0;
  }

  private ownerOf(row: StoredRow): Owner {
    return { id: row.id, name: row.name, source: row.source, code: row.code };
  }

  private own(scope: number, key: string, owner: Owner) {
    const scoped = `${scope}/${key}`;
    if (!this.owners.has(scoped)) this.owners.set(scoped, owner);
  }

  async write(input: GroupEntryInput): Promise<GroupEntryOutcome> {
    const { table } = this;
    const existing = this.stored.rows.find((r) => r.source === 'group' && r.code === input.code);
    const refusals: GroupEntryRefusal[] = [];
    const earlier = this.given.get(input.code);
    if (earlier !== undefined)
      return { outcome: 'refused', refusals: [{ field: 'code', reason: `given on ${earlier} too` }] };
    this.given.set(input.code, input.place ?? 'an earlier entry');
    const wanted: WantedKey[] = [];
    const want = (text: string, kind: KeyKind, field: GroupEntryField, which = '') => {
      const key = listKey(text);
      if (key === '') refusals.push({ field, reason: `${which}has no letters or digits to be matched by` });
      else if (!wanted.some((w) => w.key === key)) wanted.push({ key, text, kind, field, which });
    };
    want(input.name, 'name', 'name');
    want(input.code, 'practice_code', 'code');
    input.synonyms.forEach((synonym, i) =>
      want(synonym, 'synonym', 'synonyms', `synonym ${i + 1} of ${input.synonyms.length} `),
    );
    const scope = this.scope(input.speciesId);
    for (const { key, field, which } of wanted) {
      const owner = this.owners.get(`${scope}/${key}`);
      if (owner && owner.id !== existing?.id)
        refusals.push({ field, reason: `${which}already names ${this.described(owner)}` });
    }
    if (existing && table.ofSpecies && existing.speciesId !== input.speciesId) {
      const named = (await countReferences(this.client, this.stored.references, [existing.id])).get(
        existing.id,
      );
      if (named)
        refusals.push({
          field: 'species',
          reason: `the group's ${table.noun} keeps its species: ${named.map((n) => `${n.count} ${n.table}`).join(', ')} name it`,
        });
    }
    if (refusals.length > 0) return { outcome: 'refused', refusals };

    const id = existing ? await this.update(existing, input) : await this.insert(input);
    const keysChanged = await this.syncKeys(id, scope, wanted, existing);
    for (const { key } of wanted)
      this.owners.set(`${scope}/${key}`, { id, name: input.name, source: 'group', code: input.code });
    const changed =
      !existing || existing.name !== input.name || existing.speciesId !== input.speciesId || keysChanged;
    return { outcome: changed ? 'applied' : 'unchanged', id, created: !existing };
  }

  /** The entry a key already names: the group's value is never repeated, the lists' entry is named. */
  private described(owner: Owner): string {
    const { noun } = this.table;
    if (owner.source === 'vbo' || owner.source === 'portal')
      return `the portal's ${noun} "${owner.name}" (${owner.code}): use that entry, or give the group's its own names`;
    if (owner.source === 'group') return `the group's ${noun} "${owner.name}" (code ${owner.code})`;
    return `the ${noun} "${owner.name}"`;
  }

  private async insert(input: GroupEntryInput): Promise<number> {
    const { table } = this;
    const name = pg.escapeIdentifier(table.nameColumn);
    const { rows } = await this.client.query<{ id: number }>(
      `insert into ${table.table} (${name}, source, code${table.ofSpecies ? ', species_id' : ''}${table.sorted ? ', sort_order' : ''})
       values ($1, 'group', $2${table.ofSpecies ? ', $3' : ''}${table.sorted ? `, ${this.sortOrderSql()}` : ''})
       returning id`,
      table.ofSpecies ? [input.name, input.code, input.speciesId] : [input.name, input.code],
    );
    return rows[0]!.id;
  }

  /** A group's own reasons come before the list's last entry (its catch-all, Other). */
  private sortOrderSql() {
    return `(select coalesce(max(sort_order), 10) - 5 from ${this.table.table} where source in ('vbo', 'portal'))`;
  }

  private async update(existing: StoredRow, input: GroupEntryInput): Promise<number> {
    const { table } = this;
    if (existing.name === input.name && (!table.ofSpecies || existing.speciesId === input.speciesId))
      return existing.id;
    const name = pg.escapeIdentifier(table.nameColumn);
    await this.client.query(
      `update ${table.table} set ${name} = $2${table.ofSpecies ? ', species_id = $3' : ''} where id = $1`,
      table.ofSpecies ? [existing.id, input.name, input.speciesId] : [existing.id, input.name],
    );
    return existing.id;
  }

  /** The entry's keys as wanted; answers whether any changed. */
  private async syncKeys(id: number, scope: number, wanted: WantedKey[], existing: StoredRow | undefined) {
    const { table } = this;
    const have = existing ? this.stored.keys.filter((k) => k.entryId === existing.id) : [];
    const same = (a: { key: string; text: string; kind: string }, b: typeof a) =>
      a.key === b.key && a.text === b.text && a.kind === b.kind;
    const stale = have.filter((h) => !wanted.some((w) => same(w, h)) || h.speciesId !== scope);
    const adding = wanted.filter((w) => !have.some((h) => same(w, h) && h.speciesId === scope));
    if (stale.length > 0)
      await this.client.query(
        `delete from ${table.keysTable} where ${table.entryColumn} = $1 and key = any($2::text[])`,
        [id, stale.map((k) => k.key)],
      );
    for (const k of adding)
      await this.client.query(
        `insert into ${table.keysTable} (${table.entryColumn}, ${table.ofSpecies ? 'species_id, ' : ''}key, text, kind)
         values ($1, ${table.ofSpecies ? '$5, ' : ''}$2, $3, $4::list_key_kind)`,
        table.ofSpecies ? [id, k.key, k.text, k.kind, scope] : [id, k.key, k.text, k.kind],
      );
    return stale.length + adding.length > 0;
  }
}
