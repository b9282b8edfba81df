import type { GroupEntryInput, GroupList } from '@vet/db/reference/group-entries';
import { RowCells, required } from './cells.ts';
import { columnsOf } from './columns.ts';
import type { CellRow, LookupLists, Refusal } from './kind.ts';
import { lookupCell } from './lookup-cells.ts';

/**
 * list_entries.csv (decision 0096): a group's own entries of the portal's lists, with its practice
 * system's codes: a breed or colour (of a species), an insurer or a cancellation reason the reference
 * lists lack. Applied before the export's other files are read, so pets name them. The integration API
 * takes the same rows as JSON.
 */
export const listEntriesFile = 'list_entries.csv';

export const listEntries = {
  file: listEntriesFile,
  columns: columnsOf({ list: true, code: true, name: true, species: false, synonyms: false }),
};

/** The `list` column's values, and the list each means. */
export const listsByColumnValue: Readonly<Record<string, GroupList>> = {
  breed: 'breeds',
  colour: 'colours',
  insurer: 'insurers',
  cancellation_reason: 'cancellationReasons',
};
const listValues = Object.keys(listsByColumnValue);

/** As long as the lists' own names may be: what a pet form's picker shows. */
export const listEntryMaxLength = 100;

export const listEntryReasons = {
  speciesRequired: 'required for a breed or a colour, which belong to a species',
  noSpecies: 'only a breed or a colour belongs to a species: leave it empty',
} as const;

export type ListEntryParse = { ok: true; entry: GroupEntryInput } | { ok: false; refusals: Refusal[] };

/**
 * One row to the entry it writes, or every reason it is refused (never quoting a cell). The integration
 * API gives `synonyms` as a list rather than a cell.
 */
export function parseListEntry(
  row: CellRow,
  lookups: LookupLists,
  synonymList?: readonly string[],
): ListEntryParse {
  const cells = new RowCells(row);
  const listValue = cells.oneOf('list', listValues, required);
  const list = listValue === null ? null : listsByColumnValue[listValue]!;
  const code = cells.text('code', { required: true, maxLength: listEntryMaxLength });
  const name = cells.text('name', { required: true, maxLength: listEntryMaxLength });
  const ofSpecies = list === 'breeds' || list === 'colours';
  let speciesId: number | null = null;
  if (ofSpecies && cells.cell('species') === null) cells.refuse('species', listEntryReasons.speciesRequired);
  else if (ofSpecies) speciesId = lookupCell(cells, 'species', { names: lookups.species, called: 'species' });
  else if (list !== null && cells.cell('species') !== null)
    cells.refuse('species', listEntryReasons.noSpecies);
  const synonyms = (synonymList ?? (cells.cell('synonyms') ?? '').split(';'))
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (synonyms.some((s) => s.length > listEntryMaxLength))
    cells.refuse('synonyms', `a synonym is longer than ${listEntryMaxLength} characters`);
  if (cells.refusals.length > 0 || list === null || code === null || name === null)
    return { ok: false, refusals: cells.refusals };
  return { ok: true, entry: { list, code, name, speciesId, synonyms } };
}
