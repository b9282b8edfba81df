import { INSURERS, SALUTATIONS } from '@vet/db/seed/data/lookups';
import { SPECIES } from '@vet/db/seed/data/species';
import type { CellRow, ParseContext, RecordKind, Refusal, StagedRecord } from '../kind.ts';
import { buildLookupLists } from '../lookup-lists.ts';

/**
 * The kinds' tests read rows against the demo seed's lists (ids numbered here, as a database would) on
 * a fixed day, so a date of birth "in the future" is one after 2026-11-26.
 */
export const today = '2026-11-26';

let nextId = 1;
const numbered = (names: readonly string[]) => names.map((name) => ({ id: nextId++, name }));
const speciesRows = numbered(SPECIES.map((s) => s.name));
const speciesIdOf = (name: string) => speciesRows.find((s) => s.name === name)!.id;
const ofSpecies = (pick: (s: (typeof SPECIES)[number]) => readonly string[]) =>
  SPECIES.flatMap((s) => numbered(pick(s)).map((row) => ({ ...row, speciesId: speciesIdOf(s.name) })));

const rows = {
  salutations: numbered(SALUTATIONS),
  species: speciesRows,
  breeds: ofSpecies((s) => s.breeds.map(([breed]) => breed)),
  colours: ofSpecies((s) => s.colours),
  insurers: numbered(INSURERS),
};

export const lookups = buildLookupLists(rows);
export const context: ParseContext = { lookups, today };

type ListName = keyof typeof rows;

/** The id the fixture gave `name` in `list` (of `species` for breeds and colours). */
export function idOf(list: ListName, name: string, species?: string): number {
  const found = rows[list].find(
    (row) =>
      row.name === name &&
      (species === undefined || ('speciesId' in row && row.speciesId === speciesIdOf(species))),
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
