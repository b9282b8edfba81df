import { speciesCodes } from '@vet/contracts/lookups';
import { listKey } from './list-key.ts';
import { synonymParts } from './synonym-parts.ts';
import {
  isOfSpecies,
  type ListName,
  type ReferenceData,
  type ReferenceEntry,
  type ReferenceKey,
  type ReferenceList,
  type ReferenceProblem,
  type ReplacedEntry,
  type SpeciesCode,
  type StandardSource,
} from './reference-types.ts';

/** The checks of the reference lists' rows, one list at a time (decision 0096). */

const split = (cell: string | undefined) =>
  (cell ?? '')
    .split('|')
    .map((value) => value.trim())
    .filter((value) => value !== '');

export interface FileRow {
  file: string;
  line: number;
  source: StandardSource;
  cell: (column: string) => string;
}

export function checkList(
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
  addSynonymParts(entries);
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

/**
 * The names a VBO synonym packs into one string (synonym-parts.ts) are synonyms of its entry too, as the
 * build treats VBO's synonyms: a part that is already a key of another entry of the species, or that two
 * entries' synonyms give, is left out.
 */
function addSynonymParts(entries: readonly ReferenceEntry[]) {
  const scoped = (entry: ReferenceEntry, key: string) => `${entry.species ?? ''}/${key}`;
  const owners = new Map<string, ReferenceEntry>();
  for (const entry of entries) for (const { key } of entry.keys) owners.set(scoped(entry, key), entry);
  const claims = new Map<string, { entry: ReferenceEntry; key: string; text: string }[]>();
  for (const entry of entries.filter((e) => e.source === 'vbo'))
    for (const synonym of entry.keys.filter((k) => k.kind === 'synonym'))
      for (const text of synonymParts(synonym.text)) {
        const key = listKey(text);
        if (owners.has(scoped(entry, key))) continue;
        claims.set(scoped(entry, key), [...(claims.get(scoped(entry, key)) ?? []), { entry, key, text }]);
      }
  for (const [first, ...others] of claims.values())
    if (others.every((other) => other.entry === first!.entry))
      first!.entry.keys.push({ key: first!.key, text: first!.text, kind: 'synonym' });
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

/** A colour's breeds are breeds (by code) of its species; a code replaced by another is that one. */
export function checkColourBreeds(data: ReferenceData, problems: ReferenceProblem[]) {
  const breeds = new Map(data.breeds.entries.map((b) => [b.code, b.species]));
  const replaced = new Map(data.breeds.replaced.map((r) => [r.code, r.replacedBy]));
  for (const colour of data.colours.entries) {
    colour.breeds = [...new Set(colour.breeds.map((code) => replaced.get(code) ?? code))];
    for (const code of colour.breeds)
      if (breeds.get(code) !== colour.species)
        problems.push({
          file: colour.file,
          line: colour.line,
          reason: `breed ${code} is not a breed of ${colour.species ?? 'its species'}`,
        });
  }
}
