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
    this.blank = Object.fromEntries(kind.columns.map((c) => [c.name, '']));
    this.noFingerprint = fingerprintedFiles[kind.file] ? '\t\\N' : '';
  }

  encode(line: number, cells: readonly string[]): string {
    if (cells.length !== this.header.length) {
      const reason = `this row has ${cells.length} cells where the header has ${this.header.length}`;
      // Its cells cannot be told apart: no keys are kept, so no other rule speaks of it.
      return this.refusedRow(line, { ...this.blank }, [{ column: null, reason }]);
    }
    const row = { ...this.blank };
    for (let i = 0; i < cells.length; i++) row[this.header[i]!] = cells[i]!;
    const fingerprints = this.fingerprinting;
    if (fingerprints && fingerprints.stored.has(fingerprints.rows.of(cells)))
      return this.unchangedRow(line, row);
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

  /** Its keys only, as a refused row's: the checks across rows still see it, the apply leaves it out. */
  private unchangedRow(line: number, row: CellRow): string {
    this.unchanged++;
    return this.keysOnly([String(line), 'f', '\\N', 't'], row);
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
