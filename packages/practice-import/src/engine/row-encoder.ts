import type { CellRow, ParseContext, RecordKind, Refusal } from '../kinds/kind.ts';
import { copyRow, copyText, copyValue } from './copy-text.ts';
import { fingerprintedFiles, type RowFingerprints } from './fingerprints.ts';
import { keyColumns } from './staging-tables.ts';
import type { FingerprintSet } from './stored-fingerprints.ts';

/** A file's rows fingerprinted as they are read, and the fingerprints its stored records carry. */
export interface Fingerprinting {
  rows: RowFingerprints;
  stored: FingerprintSet;
}

/**
 * One row's cells to its staging table's COPY line (staging-tables.ts): parsed by its kind, or, refused,
 * kept with its keys and its refusals so that the checks across rows can name it. With `fingerprinting`,
 * a row whose fingerprint is stored is kept with its keys only, unchanged, and not parsed at all.
 */
export class RowEncoder {
  /** Rows the kind refused so far. */
  refused = 0;
  /** Rows found unchanged by their fingerprint so far. */
  unchanged = 0;
  private readonly staged: string[];
  /** Whether each staged column is one of the row's keys (kept for a row not parsed or refused). */
  private readonly isKey: boolean[];
  /** For each staged column, its key cell's index in a row; -1 when it is no key or not in the file. */
  private readonly keyCells: number[];
  private readonly blank: Record<string, string>;
  /** The fingerprint column's cell when the row's fingerprint is not known. */
  private readonly noFingerprint: string;

  constructor(
    private readonly kind: RecordKind,
    private readonly header: readonly string[],
    private readonly context: ParseContext,
    private readonly fingerprinting?: Fingerprinting,
  ) {
    this.staged = Object.keys(kind.staged);
    const keys = keyColumns(kind);
    this.isKey = this.staged.map((name) => keys.includes(name));
    this.keyCells = this.staged.map((name, i) => (this.isKey[i] ? header.indexOf(name) : -1));
    this.blank = Object.fromEntries(kind.columns.map((c) => [c.name, '']));
    this.noFingerprint = fingerprintedFiles[kind.file] ? '\t\\N' : '';
  }

  encode(line: number, cells: readonly string[]): string {
    if (cells.length !== this.header.length) {
      const reason = `this row has ${cells.length} cells where the header has ${this.header.length}`;
      // Its cells cannot be told apart: no keys are kept, so no other rule speaks of it.
      return this.refusedRow(line, { ...this.blank }, [{ column: null, reason }]);
    }
    const fingerprints = this.fingerprinting;
    if (fingerprints && fingerprints.stored.has(fingerprints.rows.of(cells)))
      return this.unchangedRow(line, cells);
    const row = { ...this.blank };
    for (let i = 0; i < cells.length; i++) row[this.header[i]!] = cells[i]!;
    const parsed = this.kind.parse(row, this.context);
    if (!parsed.ok) return this.refusedRow(line, row, parsed.refusals);
    // Concatenated, not joined: this runs ten million times for a group's appointments.
    let copy = `${line}\tf\t\\N\tf`;
    for (const name of this.staged) copy += `\t${copyValue(parsed.record[name])}`;
    copy += fingerprints ? `\t${fingerprints.rows.text()}` : this.noFingerprint;
    return `${copy}\n`;
  }

  /** Only the row's keys are kept (trimmed, as the kinds trim them): the children name it by them. */
  private refusedRow(line: number, row: CellRow, refusals: readonly Refusal[]): string {
    this.refused++;
    return this.keysOnly([String(line), 't', copyText(JSON.stringify(refusals)), 'f'], row);
  }

  /**
   * Its keys only, as a refused row's, read straight from its cells (most rows of a re-import are such):
   * the checks across rows still see it, the apply leaves it out.
   */
  private unchangedRow(line: number, cells: readonly string[]): string {
    this.unchanged++;
    let copy = `${line}\tf\t\\N\tt`;
    for (const index of this.keyCells) {
      const cell = index < 0 ? '' : (cells[index] ?? '').trim();
      copy += cell === '' ? '\t\\N' : `\t${copyText(cell)}`;
    }
    return `${copy}${this.noFingerprint}\n`;
  }

  private keysOnly(values: string[], row: CellRow): string {
    this.staged.forEach((name, i) => {
      const cell = this.isKey[i] ? (row[name] ?? '').trim() : '';
      values.push(cell === '' ? '\\N' : copyText(cell));
    });
    if (this.noFingerprint) values.push('\\N');
    return copyRow(values);
  }
}
