import { createReadStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { CellRow, ParseContext, RecordKind, Refusal } from '../kinds/kind.ts';
import { copyRow, copyText, copyValue } from './copy-text.ts';
import { headerProblems } from './header.ts';
import { stagingTable } from './import-files.ts';
import { FileRefused, readCsv } from './read-csv.ts';
import type { Session } from './session.ts';
import { ident, keyColumns, stagingColumns } from './staging-tables.ts';

export interface FileRefusal extends Refusal {
  line: number;
}

export interface StagedFile {
  /** Records read after the header. */
  rows: number;
  /** Problems that refuse the whole file (header, not UTF-8, not CSV, empty); none when it was staged. */
  fileRefusals: FileRefusal[];
}

export interface RowProgress {
  bytes(count: number): void;
  rows(count: number): void;
}

/** COPY data is written in batches of about this many characters. */
const batchCharacters = 1 << 18;

/**
 * Reads one file into its staging table through COPY, row by row as it streams: each row parsed by its
 * kind, a refused row staged too (its keys and its refusals) so that the cross-row checks can name it.
 * A file refused as a whole leaves its staging table empty and says why.
 */
export async function stageFile(
  session: Session,
  kind: RecordKind,
  path: string,
  context: ParseContext,
  progress: RowProgress,
): Promise<StagedFile> {
  const fileRefusals: FileRefusal[] = [];
  let writer: StagingWriter | undefined;
  let columns: string[] | undefined;
  let rows = 0;
  try {
    for await (const { line, cells } of readCsv(
      () => createReadStream(path),
      (n) => progress.bytes(n),
    )) {
      if (!columns) {
        columns = cells.map((c) => c.trim());
        fileRefusals.push(...headerProblems(columns, kind).map((p) => ({ ...p, line })));
        if (fileRefusals.length === 0) writer = new StagingWriter(session, kind, columns, context);
        continue;
      }
      rows++;
      if (rows % 4096 === 0) progress.rows(rows);
      writer?.add(line, cells);
      if (writer?.full) await writer.flush();
    }
    if (!columns) fileRefusals.push({ line: 1, column: null, reason: 'empty: the file has no header row' });
  } catch (error) {
    if (!(error instanceof FileRefused)) throw error;
    fileRefusals.push({ line: error.line, column: error.column, reason: error.reason });
  } finally {
    progress.rows(rows);
    await writer?.end();
  }
  if (writer && fileRefusals.length > 0) await session.query(`truncate ${stagingTable(kind.file)}`);
  return { rows, fileRefusals };
}

/**
 * Rows into a staging table through one COPY: each parsed by its kind (a refused row keeps its keys and
 * its refusals), written in batches. `header` names the cells of each row given to `add`.
 */
export class StagingWriter {
  private readonly copy;
  private buffer = '';
  private readonly staged: string[];
  private readonly keys: string[];
  private readonly blank: Record<string, string>;

  constructor(
    session: Session,
    private readonly kind: RecordKind,
    private readonly header: readonly string[],
    private readonly context: ParseContext,
  ) {
    this.staged = Object.keys(kind.staged);
    this.keys = keyColumns(kind);
    this.blank = Object.fromEntries(kind.columns.map((c) => [c.name, '']));
    const names = [...stagingColumns, ...this.staged].map(ident).join(', ');
    this.copy = session.client.query(copyFrom(`copy ${stagingTable(kind.file)} (${names}) from stdin`));
  }

  /** Enough buffered to flush (await it, for the COPY's back-pressure). */
  get full(): boolean {
    return this.buffer.length >= batchCharacters;
  }

  add(line: number, cells: readonly string[]): void {
    if (cells.length !== this.header.length) {
      const reason = `this row has ${cells.length} cells where the header has ${this.header.length}`;
      // Its cells cannot be told apart: no keys are kept, so no other rule speaks of it.
      this.addRefused(line, { ...this.blank }, [{ column: null, reason }]);
      return;
    }
    const row = this.cellRow(cells);
    const parsed = this.kind.parse(row, this.context);
    if (!parsed.ok) {
      this.addRefused(line, row, parsed.refusals);
      return;
    }
    const values = [String(line), 'f', '\\N'];
    for (const name of this.staged) values.push(copyValue(parsed.record[name]));
    this.buffer += copyRow(values);
  }

  async flush(): Promise<void> {
    const chunk = this.buffer;
    this.buffer = '';
    if (!this.copy.write(chunk)) await once(this.copy, 'drain');
  }

  async end(): Promise<void> {
    this.copy.end(this.buffer);
    this.buffer = '';
    await finished(this.copy);
  }

  private cellRow(cells: readonly string[]): CellRow {
    const row = { ...this.blank };
    this.header.forEach((name, i) => (row[name] = cells[i] ?? ''));
    return row;
  }

  /** Only the row's keys are kept (trimmed, as the kinds trim them): the children name it by them. */
  private addRefused(line: number, row: CellRow, refusals: readonly Refusal[]): void {
    const values = [String(line), 't', copyText(JSON.stringify(refusals))];
    for (const name of this.staged) {
      const cell = this.keys.includes(name) ? (row[name] ?? '').trim() : '';
      values.push(cell === '' ? '\\N' : copyText(cell));
    }
    this.buffer += copyRow(values);
  }
}
