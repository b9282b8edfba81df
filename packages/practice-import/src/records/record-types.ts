import type { CellRow, KindFile } from '../kinds/kind.ts';

/**
 * Records given in memory rather than read from a file (the integration API, decision 0065), and what
 * applying them did to each.
 */

/** Why a record was refused: `field` names a column, or a child row's (`opening_hours[2].opens`). */
export interface RecordRefusal {
  /** Null when the record as a whole is refused (e.g. an end before its start). */
  field: string | null;
  reason: string;
}

export interface RecordRows {
  /** The record's row: every column of its file ('' for an empty cell). */
  cells: CellRow;
  /** Its rows of the child file (a practice's opening hours, a clinician's rota), each with the record's reference. */
  children?: readonly CellRow[];
  /** Refused before its cells were read (e.g. an unknown field): it is refused, with these reasons too. */
  refusals?: readonly RecordRefusal[];
  /**
   * The version the writer last read (decision 0113): the record is refused (`staleVersionRefusal`) when the
   * stored one is another, or when none is stored; 'any': it must be stored. Left out: last write wins.
   */
  expectedVersion?: number | 'any';
  /**
   * The practice system's own ids of the record's list values (decision 0131): a connector's, which knows
   * its vendor's id of a breed or species. Kept with a value no entry matches; the file and the API's
   * JSON have no place for one.
   */
  codes?: ListValueCodes;
}

/** A record's list values' codes by the column they are of: `{ breed: '42' }`. */
export type ListValueCodes = Readonly<
  Partial<Record<'salutation' | 'species' | 'breed' | 'colour' | 'insurer', string>>
>;

/** The refusal of a record whose stored version is not the one expected (decision 0113). */
export const staleVersionRefusal: RecordRefusal = {
  field: 'version',
  reason: 'not the record’s current version: it changed since it was read, or is not stored (stale_version)',
};

export interface RecordsRequest {
  /** The kind of every record: one kind per call. */
  file: KindFile;
  records: readonly RecordRows[];
  /** Today in the practices' clock (YYYY-MM-DD), for dates of birth; default: today. */
  today?: string;
  /** Whose words the records' list values are (decision 0131); default: the group's practice system. */
  practiceSystem?: string;
}

export type RecordResult =
  | { outcome: 'applied' | 'unchanged'; id: number; created: boolean; version: number }
  | { outcome: 'refused'; refusals: RecordRefusal[] };
