import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { speciesCodes } from '@vet/contracts/lookups';
import { parseCsv } from './csv.ts';
import { listKey } from './list-key.ts';

/**
 * The reference lists as shipped (decision 0096): CSV files in data/, one entry a line, read and checked
 * whole before anything is loaded. A file naming a code twice, or a name, synonym or code of one entry
 * that another entry of the list (of its species) has too, is refused with the lines that clash.
 */

export const listNames = [
  'salutations',
  'species',
  'breeds',
  'colours',
  'insurers',
  'cancellationReasons',
] as const;
export type ListName = (typeof listNames)[number];
export type StandardSource = 'vbo' | 'portal';
type SpeciesCode = (typeof speciesCodes)[number];

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

const ofSpecies: ReadonlySet<ListName> = new Set(['breeds', 'colours']);
export const isOfSpecies = (list: ListName) => ofSpecies.has(list);

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

export interface ReferenceKey {
  key: string;
  text: string;
  kind: 'name' | 'synonym' | 'code';
}

export interface ReferenceEntry {
  file: string;
  line: number;
  source: StandardSource;
  /** For breeds and colours: the species' code of the specification. */
  species: SpeciesCode | null;
  code: string;
  name: string;
  /** Its name, codes and synonyms as keys (and the codes of the entries merged into it). */
  keys: ReferenceKey[];
  /** Colours: the breeds (by code) this colour is recorded for; none, the colour's species' breeds. */
  breeds: string[];
}

/** An entry that is no more: its code means another entry of the list now. */
export interface ReplacedEntry {
  file: string;
  line: number;
  source: StandardSource;
  species: SpeciesCode | null;
  code: string;
  name: string;
  replacedBy: string;
}

export interface ReferenceList {
  entries: ReferenceEntry[];
  replaced: ReplacedEntry[];
}

export type ReferenceData = Record<ListName, ReferenceList>;

/** Why the lists cannot load: a line of a file, or (line 0, the list as file) what is stored. */
export interface ReferenceProblem {
  file: string;
  line: number;
  reason: string;
}

const describe = (p: ReferenceProblem) =>
  p.line > 0 ? `${p.file} line ${p.line}: ${p.reason}` : `${p.file}: ${p.reason}`;

/** The lists could not be loaded: every problem, by file and line. Nothing was written. */
export class ReferenceDataRefused extends Error {
  constructor(readonly problems: readonly ReferenceProblem[]) {
    super(
      `The reference lists were refused; nothing was changed:\n${problems.map((p) => `  ${describe(p)}`).join('\n')}`,
    );
  }
}

export const referenceDataDirectory = join(import.meta.dirname, 'data');

const split = (cell: string | undefined) =>
  (cell ?? '')
    .split('|')
    .map((value) => value.trim())
    .filter((value) => value !== '');

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

interface FileRow {
  file: string;
  line: number;
  source: StandardSource;
  cell: (column: string) => string;
}

function checkList(
  list: ListName,
  rows: readonly FileRow[],
  synonymRows: readonly FileRow[],
  problems: ReferenceProblem[],
): ReferenceList {
  const entries: ReferenceEntry[] = [];
  const replaced: ReplacedEntry[] = [];
  const codes = new Map<string, { file: string; line: number }>();
  const at = (place: { file: string; line: number }) => `${place.file} line ${place.line}`;
  for (const row of rows) {
    const refuse = (reason: string) => problems.push({ file: row.file, line: row.line, reason });
    const code = row.cell('code');
    const name = row.cell('name');
    const speciesCell = row.cell('species');
    const species = isOfSpecies(list) ? (speciesCell as SpeciesCode) : null;
    if (code === '') refuse('no code');
    if (name === '') refuse('no name');
    if (species !== null && !(speciesCodes as readonly string[]).includes(species))
      refuse(`species must be one of ${speciesCodes.join(', ')}`);
    if (list === 'species' && !(speciesCodes as readonly string[]).includes(code))
      refuse(`a species' code must be one of ${speciesCodes.join(', ')}`);
    const first = codes.get(code);
    if (code !== '' && first) refuse(`code ${code} is on ${at(first)} too`);
    if (code === '' || name === '' || first) continue;
    codes.set(code, row);
    const replacedBy = row.cell('replaced_by');
    const base = { file: row.file, line: row.line, source: row.source, species, code, name };
    if (replacedBy !== '') {
      replaced.push({ ...base, replacedBy });
      continue;
    }
    const keys: ReferenceKey[] = [];
    const add = (text: string, kind: ReferenceKey['kind']) => {
      const key = listKey(text);
      if (key !== '' && !keys.some((k) => k.key === key)) keys.push({ key, text, kind });
    };
    add(name, 'name');
    for (const c of [code, ...split(row.cell('codes'))]) add(c, 'code');
    for (const synonym of split(row.cell('synonyms'))) add(synonym, 'synonym');
    entries.push({ ...base, keys, breeds: split(row.cell('breeds')) });
  }
  addSynonyms(list, entries, synonymRows, problems);
  resolveReplacements(list, entries, replaced, problems);
  checkKeys(entries, problems);
  return { entries, replaced };
}

/** Synonyms a file adds to entries of the list's other files, by code. */
function addSynonyms(
  list: ListName,
  entries: readonly ReferenceEntry[],
  rows: readonly FileRow[],
  problems: ReferenceProblem[],
) {
  const byCode = new Map(entries.map((e) => [e.code, e]));
  for (const row of rows) {
    const entry = byCode.get(row.cell('code'));
    if (!entry || (isOfSpecies(list) && entry.species !== row.cell('species'))) {
      problems.push({
        file: row.file,
        line: row.line,
        reason: `no entry of the ${list} has code ${row.cell('code')}`,
      });
      continue;
    }
    for (const text of split(row.cell('synonyms'))) {
      const key = listKey(text);
      if (key !== '' && !entry.keys.some((k) => k.key === key))
        entry.keys.push({ key, text, kind: 'synonym' });
    }
  }
}

/** A replaced entry names a live entry of its list (of its species); its code becomes a key of that one. */
function resolveReplacements(
  list: ListName,
  entries: ReferenceEntry[],
  replaced: ReplacedEntry[],
  problems: ReferenceProblem[],
) {
  const live = new Map(entries.map((e) => [e.code, e]));
  for (const gone of replaced) {
    const target = live.get(gone.replacedBy);
    if (!target || target.species !== gone.species) {
      problems.push({
        file: gone.file,
        line: gone.line,
        reason: `replaced_by ${gone.replacedBy} is not an entry of the ${list}${gone.species ? ` of ${gone.species}` : ''}`,
      });
      continue;
    }
    const key = listKey(gone.code);
    if (!target.keys.some((k) => k.key === key)) target.keys.push({ key, text: gone.code, kind: 'code' });
  }
}

/** Within a list (and a species), every key names one entry. */
function checkKeys(entries: readonly ReferenceEntry[], problems: ReferenceProblem[]) {
  const owners = new Map<string, ReferenceEntry>();
  for (const entry of entries)
    for (const { key, text } of entry.keys) {
      const scoped = `${entry.species ?? ''}/${key}`;
      const owner = owners.get(scoped);
      if (owner && owner !== entry)
        problems.push({
          file: entry.file,
          line: entry.line,
          reason: `"${text}" is a name, synonym or code of ${owner.file} line ${owner.line} (${owner.name}) too`,
        });
      else owners.set(scoped, entry);
    }
}

/** A colour's breeds are breeds (by code) of its species. */
function checkColourBreeds(data: ReferenceData, problems: ReferenceProblem[]) {
  const breeds = new Map(data.breeds.entries.map((b) => [b.code, b.species]));
  for (const colour of data.colours.entries)
    for (const code of colour.breeds)
      if (breeds.get(code) !== colour.species)
        problems.push({
          file: colour.file,
          line: colour.line,
          reason: `breed ${code} is not a breed of ${colour.species ?? 'its species'}`,
        });
}
