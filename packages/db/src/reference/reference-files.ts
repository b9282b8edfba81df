import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from './csv.ts';
import { checkColourBreeds, checkList, type FileRow } from './reference-checks.ts';
import {
  isOfSpecies,
  listNames,
  type ListName,
  type ReferenceData,
  type ReferenceProblem,
  type StandardSource,
  ReferenceDataRefused,
} from './reference-types.ts';

export * from './reference-types.ts';

/**
 * The reference lists as shipped (decision 0096): CSV files in data/, one entry a line, read and checked
 * whole before anything is loaded. A file naming a code twice, or a name, synonym or code of one entry
 * that another entry of the list (of its species) has too, is refused with the lines that clash.
 */

/** The columns of a breeds file, in order (the build script writes them). */
export const breedColumns = ['species', 'code', 'name', 'codes', 'synonyms', 'replaced_by'] as const;

/**
 * Each list's files, and the source each file's entries come from. A file of `synonyms` adds synonyms to
 * entries of another file by code (the portal's UK names for VBO's breeds), which stays as its source has it.
 */
export const listFiles: Record<
  ListName,
  readonly { file: string; source: StandardSource; synonyms?: true }[]
> = {
  salutations: [{ file: 'salutations.csv', source: 'portal' }],
  species: [{ file: 'species.csv', source: 'portal' }],
  breeds: [
    { file: 'breeds-vbo.csv', source: 'vbo' },
    { file: 'breeds-portal.csv', source: 'portal' },
    { file: 'breeds-portal-synonyms.csv', source: 'portal', synonyms: true },
  ],
  colours: [{ file: 'colours.csv', source: 'portal' }],
  insurers: [{ file: 'insurers.csv', source: 'portal' }],
  cancellationReasons: [{ file: 'cancellation-reasons.csv', source: 'portal' }],
};

const columnsOf = (list: ListName) =>
  new Set([
    'code',
    'name',
    'synonyms',
    'codes',
    'replaced_by',
    ...(isOfSpecies(list) ? ['species'] : []),
    ...(list === 'colours' ? ['breeds'] : []),
  ]);

/**
 * The shipped files: data/ beside this file in the sources; in a production bundle (one folder below
 * dist/, as the migrations are found), dist/reference-data, where the build copies them.
 */
export const referenceDataDirectory = existsSync(join(import.meta.dirname, 'data'))
  ? join(import.meta.dirname, 'data')
  : join(import.meta.dirname, '..', 'reference-data');

/** Reads and checks every list's files in `directory`; throws ReferenceDataRefused naming each problem. */
export function readReferenceData(directory: string = referenceDataDirectory): ReferenceData {
  const problems: ReferenceProblem[] = [];
  const present = new Set(readdirSync(directory));
  const data = {} as ReferenceData;
  for (const list of listNames) {
    const rows: FileRow[] = [];
    const synonymRows: FileRow[] = [];
    for (const { file, source, synonyms } of listFiles[list]) {
      if (!present.has(file)) {
        problems.push({ file, line: 0, reason: 'missing: every list needs its files' });
        continue;
      }
      const [header, ...records] = parseCsv(readFileSync(join(directory, file), 'utf8'));
      const names = (header?.cells ?? []).map((c) => c.trim());
      const known = synonyms ? new Set(['species', 'code', 'synonyms']) : columnsOf(list);
      for (const name of names.filter((n) => !known.has(n)))
        problems.push({ file, line: 1, reason: `a column the ${list} file does not have: ${name}` });
      const required = [
        'code',
        ...(synonyms ? ['synonyms'] : ['name']),
        ...(isOfSpecies(list) ? ['species'] : []),
      ];
      for (const column of required)
        if (!names.includes(column)) problems.push({ file, line: 1, reason: `no ${column} column` });
      for (const { line, cells } of records) {
        if (cells.length > names.length) {
          problems.push({
            file,
            line,
            reason: `${cells.length} cells, but the header names ${names.length} columns`,
          });
          continue;
        }
        (synonyms ? synonymRows : rows).push({
          file,
          line,
          source,
          cell: (c) => (cells[names.indexOf(c)] ?? '').trim(),
        });
      }
    }
    data[list] = checkList(list, rows, synonymRows, problems);
  }
  checkColourBreeds(data, problems);
  if (problems.length > 0) throw new ReferenceDataRefused(problems);
  return data;
}
