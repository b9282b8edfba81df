import { readReferenceData, type ReferenceEntry } from '@vet/db/reference/reference-files';
import type { CellRow, ParseContext, RecordKind, Refusal, StagedRecord } from '../kind.ts';
import { buildLookupLists } from '../lookup-lists.ts';

/**
 * The kinds' tests read rows against the portal's reference lists (decision 0096: names, synonyms and
 * codes; ids numbered here, as a database would) on a fixed day, so a date of birth "in the future" is one
 * after 2026-11-26.
 */
export const today = '2026-11-26';

const data = readReferenceData();
/**
 * An entry's id from its list and code (FNV-1a), not its place: adding an entry to the lists leaves the
 * others' ids, and so the fingerprint rules' digest (fingerprint-rules.test.ts), as they were.
 */
const idOfCode = (list: string, code: string) => {
  let hash = 0x811c9dc5;
  for (const char of `${list}/${code}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return 1 + (hash % 2_000_000_000);
};
const numbered = (entries: readonly ReferenceEntry[], list: string) =>
  entries.map((entry) => ({
    id: idOfCode(list, entry.code),
    name: entry.name,
    keys: entry.keys,
    species: entry.species,
  }));
const speciesRows = numbered(data.species.entries, 'species').map((row, i) => ({
  ...row,
  code: data.species.entries[i]!.code,
}));
const speciesIdOfCode = (code: string | null) => speciesRows.find((s) => s.code === code)!.id;
const ofSpecies = (entries: readonly ReferenceEntry[], list: string) =>
  numbered(entries, list).map((row) => ({ ...row, speciesId: speciesIdOfCode(row.species) }));

const rows = {
  salutations: numbered(data.salutations.entries, 'salutations'),
  species: speciesRows,
  breeds: ofSpecies(data.breeds.entries, 'breeds'),
  colours: ofSpecies(data.colours.entries, 'colours'),
  insurers: numbered(data.insurers.entries, 'insurers'),
};

export const lookups = buildLookupLists(rows);
export const context: ParseContext = { lookups, today };

type ListName = keyof typeof rows;

/** The id the fixture gave `name` in `list` (of `species` for breeds and colours). */
export function idOf(list: ListName, name: string, species?: string): number {
  const found = rows[list].find(
    (row) =>
      row.name === name &&
      (species === undefined ||
        ('speciesId' in row && row.speciesId === speciesRows.find((s) => s.name === species)?.id)),
  );
  if (!found) throw new Error(`no ${list} named ${name}`);
  return found.id;
}

/** A row of `kind` with every column of its file, empty unless given. */
export function rowOf(kind: RecordKind, cells: Readonly<Record<string, string>>): CellRow {
  return { ...Object.fromEntries(kind.columns.map((column) => [column.name, ''])), ...cells };
}

/** The staged record of a row the kind must accept. */
export function accepted(kind: RecordKind, cells: Readonly<Record<string, string>>): StagedRecord {
  const result = kind.parse(rowOf(kind, cells), context);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.refusals)}`);
  return result.record;
}

/** Every refusal of a row the kind must refuse. */
export function refused(kind: RecordKind, cells: Readonly<Record<string, string>>): Refusal[] {
  const result = kind.parse(rowOf(kind, cells), context);
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(result.record)}`);
  return result.refusals;
}
