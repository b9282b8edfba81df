import { listKey } from './list-key.ts';
import type { ListTable } from './list-tables.ts';
import type { ReferenceEntry, ReferenceList, ReferenceProblem, StandardSource } from './reference-files.ts';
import type { KeyKind, ListSource, StoredKey, StoredList, StoredRow } from './stored-lists.ts';

/**
 * What loading a list's reference data changes (decision 0096), worked out from the data and what is
 * stored before anything is written:
 * - an entry is its stored row of the same code; or the row of a code it replaced (a rename, in place);
 *   or a row from before the lists, or a group's own entry, of its name or code (adopted in place, so
 *   what names it keeps its id; a group's code stays one of its keys);
 * - any further row of such a name or code, and a row of a replaced code, is merged into it: what names
 *   that row is moved to the entry, and the row goes;
 * - a listed row the data no longer has is removed, unless something names it (then the load is refused);
 * - a group's synonym that a listed entry now has is the listed entry's.
 */

export interface DesiredKey {
  key: string;
  text: string;
  kind: KeyKind;
}

export interface DesiredEntry {
  /** The stored row it is, or null: a new row. */
  id: number | null;
  entry: ReferenceEntry;
  source: StandardSource;
  speciesId: number | null;
  sortOrder: number | null;
  keys: DesiredKey[];
}

export interface ListPlan {
  entries: DesiredEntry[];
  /** Rows merged into an entry's row: their references move, then they go. */
  merges: { from: StoredRow; into: DesiredEntry }[];
  /** Listed rows the data no longer has: removed unless something names them. */
  removals: StoredRow[];
  /** Rows whose species changes: refused if something names them. */
  speciesMoves: StoredRow[];
  /** Group rows' keys that listed entries now have. */
  droppedKeys: StoredKey[];
  problems: ReferenceProblem[];
}

const isListed = (source: ListSource | null): source is StandardSource =>
  source === 'vbo' || source === 'portal';

export function planList(
  table: ListTable,
  data: ReferenceList,
  stored: StoredList,
  speciesIdOf: (code: string) => number | null,
): ListPlan {
  const problems: ReferenceProblem[] = [];
  const scopeOf = (speciesId: number | null) => (table.ofSpecies ? (speciesId ?? -1) : 0);
  const listedByCode = new Map(stored.rows.filter((r) => isListed(r.source)).map((r) => [r.code!, r]));
  // Rows from before the lists and groups' rows, by each key that makes them the same as an entry.
  const others = new Map<string, StoredRow[]>();
  const rowById = new Map(stored.rows.map((r) => [r.id, r]));
  const addOther = (scope: number, key: string, row: StoredRow) => {
    const scoped = `${scope}/${key}`;
    const rows = others.get(scoped) ?? [];
    if (!rows.includes(row)) others.set(scoped, [...rows, row]);
  };
  for (const row of stored.rows)
    if (!isListed(row.source)) addOther(scopeOf(row.speciesId), listKey(row.name), row);
  for (const key of stored.keys) {
    const row = rowById.get(key.entryId);
    if (row?.source === 'group' && key.kind === 'practice_code') addOther(key.speciesId, key.key, row);
  }
  const taken = new Set<number>();
  const replacedBy = new Map<string, string[]>();
  for (const gone of data.replaced)
    replacedBy.set(gone.replacedBy, [...(replacedBy.get(gone.replacedBy) ?? []), gone.code]);

  const entries: DesiredEntry[] = [];
  const merges: ListPlan['merges'] = [];
  data.entries.forEach((entry, index) => {
    const speciesId = entry.species === null ? null : speciesIdOf(entry.species);
    if (table.ofSpecies && speciesId === null) {
      problems.push({ file: entry.file, line: entry.line, reason: `species ${entry.species} is not loaded` });
      return;
    }
    const scope = scopeOf(speciesId);
    const candidates = [
      listedByCode.get(entry.code),
      ...(replacedBy.get(entry.code) ?? []).map((code) => listedByCode.get(code)),
      ...entry.keys.flatMap((k) => others.get(`${scope}/${k.key}`) ?? []),
    ].filter((row): row is StoredRow => row !== undefined && !taken.has(row.id));
    const unique = [...new Set(candidates)];
    for (const row of unique) taken.add(row.id);
    const [own, ...merged] = unique;
    const desired: DesiredEntry = {
      id: own?.id ?? null,
      entry,
      source: entry.source,
      speciesId,
      sortOrder: table.sorted ? (index + 1) * 10 : null,
      keys: entry.keys.map(({ key, text, kind }) => ({ key, text, kind })),
    };
    // A group's codes stay keys of the entry it became or was merged into.
    for (const row of unique) {
      const carried = stored.keys.filter((k) => k.entryId === row.id && k.kind === 'practice_code');
      for (const k of carried)
        if (!desired.keys.some((d) => d.key === k.key))
          desired.keys.push({ key: k.key, text: k.text, kind: k.kind });
    }
    entries.push(desired);
    for (const row of merged) merges.push({ from: row, into: desired });
  });

  const removals = [...listedByCode.values()].filter((row) => !taken.has(row.id));
  const speciesMoves = entries.flatMap((d) => {
    const row = d.id === null ? undefined : rowById.get(d.id);
    return row && table.ofSpecies && row.speciesId !== d.speciesId ? [row] : [];
  });
  const wanted = new Set(entries.flatMap((d) => d.keys.map((k) => `${scopeOf(d.speciesId)}/${k.key}`)));
  const leaving = new Set([...merges.map((m) => m.from.id)]);
  const droppedKeys = stored.keys.filter((k) => {
    const row = rowById.get(k.entryId);
    return (
      row?.source === 'group' &&
      !leaving.has(row.id) &&
      !taken.has(row.id) &&
      wanted.has(`${k.speciesId}/${k.key}`)
    );
  });
  return { entries, merges, removals, speciesMoves, droppedKeys, problems };
}
