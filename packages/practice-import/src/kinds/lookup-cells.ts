import type { CellRule, RowCells } from './cells.ts';
import type { LookupLists } from './kind.ts';
import { nearestNames } from './nearest-names.ts';

/**
 * A name from one of the portal's lists (salutation, species, breed, colour, insurer) to its id,
 * case-insensitive. A name the list lacks is refused with the nearest names the list knows, written as
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

/** One of the portal's lists, by lower-cased name, and what a reason calls it ("species"). */
export interface NamedList {
  names: ReadonlyMap<string, number> | undefined;
  called: string;
}

const none: ReadonlyMap<string, number> = new Map();

/** The id of `name` in the list, or the list's nearest names as the portal writes them. */
export function findInList(
  name: string,
  list: NamedList,
  lookups: LookupLists,
): { id: number } | { nearest: string[] } {
  const known = list.names ?? none;
  const id = known.get(name.trim().toLowerCase());
  if (id !== undefined) return { id };
  return {
    nearest: nearestNames(name, known.keys()).map((key) => lookups.displayNames.get(key) ?? key),
  };
}

/** One name of a list in a cell, staged as its id. */
export function lookupCell(
  cells: RowCells,
  column: string,
  list: NamedList,
  lookups: LookupLists,
  rule: CellRule = {},
): number | null {
  const value = cells.text(column, rule);
  if (value === null) return null;
  const found = findInList(value, list, lookups);
  return 'id' in found ? found.id : cells.refuse(column, lookupReasons.unknown(list.called, found.nearest));
}

/**
 * Names separated by `;` (appointment reasons' species), staged as their ids, sorted and without
 * repeats; an empty cell is an empty list. Every name the list lacks is refused, by its position.
 */
export function lookupListCell(
  cells: RowCells,
  column: string,
  list: NamedList,
  lookups: LookupLists,
): number[] | null {
  const names = (cells.cell(column) ?? '')
    .split(';')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const ids = new Set<number>();
  const refusedBefore = cells.refusals.length;
  names.forEach((name, index) => {
    const found = findInList(name, list, lookups);
    if ('id' in found) ids.add(found.id);
    else
      cells.refuse(column, lookupReasons.unknownInList(index + 1, names.length, list.called, found.nearest));
  });
  return cells.refusals.length > refusedBefore ? null : [...ids].sort((a, b) => a - b);
}
