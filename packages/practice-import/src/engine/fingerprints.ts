import { earliestDateOfBirthOn } from '@vet/contracts/pets';
import pg from 'pg';
import type { KindFile, LookupLists, ParseContext, RecordKind } from '../kinds/kind.ts';
import { Murmur128 } from './murmur3.ts';

/**
 * A row's fingerprint: 128 bits of MurmurHash3 over its cells as read (in the kind's column order, so a
 * file's column order does not matter) and over what else decides what the row becomes (the rules'
 * version, the portal's lists). The apply stores it beside the record (import_fingerprint); a later
 * import that reads a row whose fingerprint is stored skips the row's cell rules and its apply: the
 * record is what that row made of it. A record written since by anyone but the import has lost its
 * fingerprint (migration 0019's trigger), so the row is then read and applied as any other.
 */

/**
 * Bump when a rule of these kinds (or of the contracts they use) changes what a row becomes or whether
 * it is refused: every fingerprint stored before is then stale, and the next import reads every row.
 * fingerprint-rules.test.ts fails when what these kinds make of its sample rows changes.
 */
export const fingerprintRules = 4;

export interface FingerprintedTable {
  table: string;
  /**
   * Stored records whose row would now be refused although its cells did not change: a rule that moves
   * with the calendar the other way than "not after today". Their fingerprints are not taken as stored.
   */
  stillValid?: (context: ParseContext) => string;
}

/** The files big enough to be worth it; the others are read in full every time. */
export const fingerprintedFiles: Partial<Record<KindFile, FingerprintedTable>> = {
  'clients.csv': { table: 'clients' },
  'pets.csv': {
    table: 'pets',
    // pets.ts: a date of birth more than oldestPetAgeYears before today is refused.
    stillValid: ({ today }) =>
      `date_of_birth is null or date_of_birth >= ${pg.escapeLiteral(earliestDateOfBirthOn(today))}::date`,
  },
  'appointments.csv': { table: 'appointments' },
  'vaccinations.csv': { table: 'vaccinations' },
  // A group's memberships run to hundreds of thousands (issue 65's 200,000), most unchanged each night.
  'plan_memberships.csv': { table: 'plan_memberships' },
};

/** What a row's fingerprint depends on besides its cells, as four words: the same for a whole import. */
export function fingerprintContext(file: KindFile, lookups: LookupLists): Uint32Array {
  const hasher = new Murmur128().reset(fingerprintRules);
  hasher.text(file);
  // Every key of every list and the id it names (decision 0096): a new synonym or a group's entry changes
  // what a row may become.
  const names = (list: Iterable<[string, number]> & { size: number }) => {
    hasher.word(list.size);
    for (const [name, id] of [...list].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      hasher.text(name);
      hasher.word(id);
    }
  };
  const bySpecies = (lists: ReadonlyMap<number, Iterable<[string, number]> & { size: number }>) => {
    hasher.word(lists.size);
    for (const [speciesId, list] of [...lists].sort(([a], [b]) => a - b)) {
      hasher.word(speciesId);
      names(list);
    }
  };
  names(lookups.salutations);
  names(lookups.species);
  bySpecies(lookups.breeds);
  bySpecies(lookups.colours);
  names(lookups.insurers);
  const out = new Uint32Array(4);
  hasher.digest(out);
  return out;
}

/** Two hex digits of each byte: a fingerprint is written for every row a first import reads. */
const hexOfByte = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
const hex = (word: number) =>
  hexOfByte[word >>> 24]! +
  hexOfByte[(word >>> 16) & 255]! +
  hexOfByte[(word >>> 8) & 255]! +
  hexOfByte[word & 255]!;

/** Fingerprints of one file's rows: cells given in the file's header order. Reused row after row. */
export class RowFingerprints {
  /** The last row's fingerprint (four words). */
  readonly words = new Uint32Array(4);
  private readonly hasher = new Murmur128();
  /** For each of the kind's columns, its cell's index in a row (-1: not in the file, read as ''). */
  private readonly cellIndexes: number[];

  constructor(
    kind: RecordKind,
    header: readonly string[],
    private readonly context: Uint32Array,
  ) {
    this.cellIndexes = kind.columns.map((c) => header.indexOf(c.name));
  }

  /** The row's fingerprint, into `words`. */
  of(cells: readonly string[]): Uint32Array {
    const hasher = this.hasher.reset(0);
    for (const word of this.context) hasher.word(word);
    for (const index of this.cellIndexes) hasher.text(index < 0 ? '' : (cells[index] ?? ''));
    hasher.digest(this.words);
    return this.words;
  }

  /** The last row's fingerprint as PostgreSQL reads a uuid (32 hex digits). */
  text(): string {
    const [a = 0, b = 0, c = 0, d = 0] = this.words;
    return hex(a) + hex(b) + hex(c) + hex(d);
  }
}
