import type { CellRow, ParseContext, RecordKind, Refusal } from '../kinds/kind.ts';
import { copyRow, copyText, copyValue } from './copy-text.ts';
import { keyColumns } from './staging-tables.ts';

/**
 * One row's cells to its staging table's COPY line: parsed by its kind, or, refused, kept with its keys
 * and its refusals so that the checks across rows can name it. Pure: it runs in the parse workers.
 */
export class RowEncoder {
  /** Rows the kind refused so far. */
  refused = 0;
  private readonly staged: string[];
  private readonly keys: string[];
  private readonly blank: Record<string, string>;

  constructor(
    private readonly kind: RecordKind,
    private readonly header: readonly string[],
    private readonly context: ParseContext,
  ) {
    this.staged = Object.keys(kind.staged);
    this.keys = keyColumns(kind);
    this.blank = Object.fromEntries(kind.columns.map((c) => [c.name, '']));
  }

  encode(line: number, cells: readonly string[]): string {
    if (cells.length !== this.header.length) {
      const reason = `this row has ${cells.length} cells where the header has ${this.header.length}`;
      // Its cells cannot be told apart: no keys are kept, so no other rule speaks of it.
      return this.refusedRow(line, { ...this.blank }, [{ column: null, reason }]);
    }
    const row = { ...this.blank };
    for (let i = 0; i < cells.length; i++) row[this.header[i]!] = cells[i]!;
    const parsed = this.kind.parse(row, this.context);
    if (!parsed.ok) return this.refusedRow(line, row, parsed.refusals);
    // Concatenated, not joined: this runs ten million times for a group's appointments.
    let copy = `${line}\tf\t\\N`;
    for (const name of this.staged) copy += `\t${copyValue(parsed.record[name])}`;
    return `${copy}\n`;
  }

  /** Only the row's keys are kept (trimmed, as the kinds trim them): the children name it by them. */
  private refusedRow(line: number, row: CellRow, refusals: readonly Refusal[]): string {
    this.refused++;
    const values = [String(line), 't', copyText(JSON.stringify(refusals))];
    for (const name of this.staged) {
      const cell = this.keys.includes(name) ? (row[name] ?? '').trim() : '';
      values.push(cell === '' ? '\\N' : copyText(cell));
    }
    return copyRow(values);
  }
}
