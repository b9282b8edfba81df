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
  /** For names separated by `;` in one cell: which of them, by position, never by value. */
  unknownInList: (position: number, count: number, list: string, nearest: readonly string[]) =>
    `name ${position} of ${count} is ${lookupReasons.unknown(list, nearest)}`,
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
 * Names separated by `;` (appointment reasons' species), staged as their ids, sorted and without
 * repeats; an empty cell is an empty list. Every name the list lacks is refused, by its position.
 */
export function lookupListCell(cells: RowCells, column: string, list: NamedList): number[] | null {
  const names = (cells.cell(column) ?? '')
    .split(';')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const ids = new Set<number>();
  const refusedBefore = cells.refusals.length;
  names.forEach((name, index) => {
    const found = findInList(name, list);
    if ('id' in found) ids.add(found.id);
    else
      cells.refuse(column, lookupReasons.unknownInList(index + 1, names.length, list.called, found.nearest));
  });
  return cells.refusals.length > refusedBefore ? null : [...ids].sort((a, b) => a - b);
}
