import type { speciesCodes } from '@vet/contracts/lookups';

/** The reference lists' shapes (decision 0096): reference-files.ts reads them, reference-checks.ts checks them. */

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
export type SpeciesCode = (typeof speciesCodes)[number];

const ofSpecies: ReadonlySet<ListName> = new Set(['breeds', 'colours']);
export const isOfSpecies = (list: ListName) => ofSpecies.has(list);

export interface ReferenceKey {
  key: string;
  text: string;
  kind: 'name' | 'synonym' | 'code';
}

/** A line of a list's file: an entry of its source. */
interface ListedEntry {
  file: string;
  line: number;
  source: StandardSource;
  /** For breeds and colours: the species' code of the specification. */
  species: SpeciesCode | null;
  code: string;
  name: string;
}

export interface ReferenceEntry extends ListedEntry {
  /** Its name, codes and synonyms as keys (and the codes of the entries merged into it). */
  keys: ReferenceKey[];
  /** Colours: the breeds (by code) this colour is recorded for; none, the colour's species' breeds. */
  breeds: string[];
}

/** An entry that is no more: its code means another entry of the list now. */
export interface ReplacedEntry extends ListedEntry {
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
