import { listValueMaxLength } from '@vet/contracts/integration-list-values';
import { listKey } from '@vet/db/reference/list-key';
import type { CellRule, RowCells } from './cells.ts';
import { ListMatcher } from './list-matcher.ts';

/**
 * A name from one of the portal's lists (salutation, species, breed, colour, insurer) to its id, by its
 * name, a synonym or a code, without regard to case, spacing or punctuation (decision 0096). A name the
 * list lacks is refused with the nearest names the list knows (by their names and synonyms), written as
 * the portal writes them; the refused name is never repeated (the reason names the column and the rule).
 */

export const lookupReasons = {
  unknown: (list: string, nearest: readonly string[]) =>
    nearest.length === 0
      ? `not in the portal's list of ${list}, which is empty`
      : `not in the portal's list of ${list}; nearest: ${nearest.join(', ')}`,
} as const;

/** One of the portal's lists (none: a species without breeds), and what a reason calls it ("species"). */
export interface NamedList {
  names: ListMatcher | undefined;
  called: string;
}

const none = new ListMatcher([]);

/** The id of `name` in the list, or the list's nearest names as the portal writes them. */
export function findInList(name: string, list: NamedList): { id: number } | { nearest: string[] } {
  const known = list.names ?? none;
  const id = known.find(name);
  return id !== undefined ? { id } : { nearest: known.nearest(name) };
}

/** One name of a list in a cell, staged as its id. */
export function lookupCell(
  cells: RowCells,
  column: string,
  list: NamedList,
  rule: CellRule = {},
): number | null {
  const value = cells.text(column, rule);
  if (value === null) return null;
  const found = findInList(value, list);
  return 'id' in found ? found.id : cells.refuse(column, lookupReasons.unknown(list.called, found.nearest));
}

/**
 * A list's value as staged (decision 0131): the entry's id when one matches; otherwise null, with the
 * practice system's own text and its matching key, so that the record is applied and the value kept,
 * unmapped, until the group maps it. A value of only spaces or punctuation is a blank, not a label.
 */
export interface ListValue {
  id: number | null;
  text: string | null;
  key: string | null;
  /** The value is a cross of the entry (`Labrador X`: ListMatcher.match); breeds only. */
  cross: boolean;
}

const blankValue: ListValue = { id: null, text: null, key: null, cross: false };

/**
 * One name of a list in a cell: the entry's id, or the value kept as written (see ListValue). A cross
 * (`Labrador X`) is a breed's only: of another list it is a value the list lacks.
 */
export function listValueCell(
  cells: RowCells,
  column: string,
  list: ListMatcher | undefined,
  rule: CellRule = {},
  { crosses = false }: { crosses?: boolean } = {},
): ListValue {
  const value = cells.text(column, rule);
  if (value === null) return blankValue;
  if (value.length > listValueMaxLength) {
    cells.refuse(column, `longer than ${listValueMaxLength} characters: not a list's value`);
    return blankValue;
  }
  const key = listKey(value);
  if (key === '') {
    if (rule.required) cells.refuse(column, 'required, but only spaces or punctuation');
    return blankValue;
  }
  const found = list?.match(value);
  if (found === undefined || (found.cross && !crosses)) return { id: null, text: value, key, cross: false };
  return { id: found.id, text: null, key: null, cross: found.cross };
}

/**
 * A ListValue's staged columns, by the column's name: `breed_id`, `breed_text`, `breed_key`, and
 * `breed_code`, which no cell carries: a connector gives its system's id beside the record
 * (RecordRows.codes), written into the staged row after it is parsed.
 */
export const stagedListValue = (name: string, value: ListValue) => ({
  [`${name}_id`]: value.id,
  [`${name}_text`]: value.text,
  [`${name}_key`]: value.key,
  [`${name}_code`]: null,
});

/**
 * Names separated by `;` (appointment reasons' species) as the entries they name, sorted and without
 * repeats, and the names no entry matches kept as written with their keys (decision 0131); an empty cell
 * is none of either. A name over the longest a label may be is refused, by its position.
 */
export function listValuesCell(
  cells: RowCells,
  column: string,
  list: ListMatcher,
): { ids: number[]; texts: string[]; keys: string[] } {
  const names = (cells.cell(column) ?? '')
    .split(';')
    .map((name) => name.trim())
    .filter((name) => listKey(name) !== '');
  const ids = new Set<number>();
  const unmatched = new Map<string, string>();
  names.forEach((name, index) => {
    if (name.length > listValueMaxLength) {
      cells.refuse(
        column,
        `name ${index + 1} of ${names.length} is longer than ${listValueMaxLength} characters`,
      );
      return;
    }
    const id = list.find(name);
    if (id !== undefined) ids.add(id);
    else if (!unmatched.has(listKey(name))) unmatched.set(listKey(name), name);
  });
  return {
    ids: [...ids].sort((a, b) => a - b),
    texts: [...unmatched.values()],
    keys: [...unmatched.keys()],
  };
}
