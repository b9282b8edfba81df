import { constants, createReadStream, openSync } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { ParseContext, RecordKind, Refusal } from '../kinds/kind.ts';
import { RowFingerprints } from './fingerprints.ts';
import { headerProblems } from './header.ts';
import type { PhaseTimes } from './phase-times.ts';
import { stagingTable } from './import-files.ts';
import { FileRefused, readCsv, type CsvRecord } from './read-csv.ts';
import { RowEncoder, type Fingerprinting } from './row-encoder.ts';
import type { Session } from './session.ts';
import { ident, stagedColumnNames } from './staging-tables.ts';
import type { FingerprintSet } from './stored-fingerprints.ts';

export interface FileRefusal extends Refusal {
  line: number;
}

export interface StagedFile {
  /** Records read after the header. */
  rows: number;
  /** Rows the kind refused (their refusals are in the staging table). */
  refusedRows: number;
  /** Problems that refuse the whole file (header, not UTF-8, not CSV, empty); none when it was staged. */
  fileRefusals: FileRefusal[];
}

export interface RowProgress {
  bytes(count: number): void;
  rows(count: number): void;
}

/** A fingerprinted file's fingerprints: what its rows' depend on besides their cells, and those stored. */
export interface FileFingerprints {
  context: Uint32Array;
  stored: FingerprintSet;
}

/**
 * Reads one file into its staging table through COPY as it streams, each row parsed by its kind (a refused
 * row is staged too, with its keys and its refusals, so that the cross-row checks can name it; with
 * `fingerprints`, a row whose fingerprint is stored is staged with its keys only). A file refused as a
 * whole leaves its staging table empty.
 */
export async function stageFile(
  session: Session,
  kind: RecordKind,
  path: string,
  context: ParseContext,
  progress: RowProgress,
  options: { fingerprints?: FileFingerprints; times?: PhaseTimes; followLinks?: boolean } = {},
): Promise<StagedFile> {
  const { fingerprints, times, followLinks = false } = options;
  // O_NOFOLLOW: a file swapped for a link after the directory was read is refused too (ELOOP).
  const flags = constants.O_RDONLY | (followLinks ? 0 : constants.O_NOFOLLOW);
  const started = performance.now();
  let parsing = 0;
  let copying = 0;
  const fileRefusals: FileRefusal[] = [];
  let staging: StagingWriter | undefined;
  let header: string[] | undefined;
  let rows = 0;
  try {
    const read = readCsv(
      () => createReadStream(path, { fd: openSync(path, flags) }),
      (n) => progress.bytes(n),
    );
    for await (const batch of read) {
      let records: CsvRecord[] = batch;
      if (!header) {
        header = batch[0]!.cells.map((c) => c.trim());
        fileRefusals.push(...headerProblems(header, kind).map((p) => ({ ...p, line: batch[0]!.line })));
        if (fileRefusals.length === 0) {
          const fingerprinting = fingerprints && {
            rows: new RowFingerprints(kind, header, fingerprints.context),
            stored: fingerprints.stored,
          };
          staging = new StagingWriter(session, kind, header, context, fingerprinting);
        }
        records = batch.slice(1);
      }
      rows += records.length;
      progress.rows(rows);
      if (!staging) continue;
      const parsed = performance.now();
      for (const { line, cells } of records) staging.add(line, cells);
      const flushed = performance.now();
      parsing += flushed - parsed;
      if (staging.full) await staging.flush();
      copying += performance.now() - flushed;
    }
    if (!header) fileRefusals.push({ line: 1, column: null, reason: 'empty: the file has no header row' });
  } catch (error) {
    if (!(error instanceof FileRefused)) throw error;
    fileRefusals.push({ line: error.line, column: error.column, reason: error.reason });
  } finally {
    progress.rows(rows);
    const ending = performance.now();
    await staging?.end();
    copying += performance.now() - ending;
  }
  if (times) {
    times.add(kind.file, 'parse', parsing / 1000);
    times.add(kind.file, 'copy', copying / 1000);
    times.add(kind.file, 'read', (performance.now() - started - parsing - copying) / 1000);
  }
  if (staging && fileRefusals.length > 0) await session.query(`truncate ${stagingTable(kind.file)}`);
  return { rows, refusedRows: staging?.refused ?? 0, fileRefusals };
}

/** COPY data is written in batches of about this many characters. */
const batchCharacters = 1 << 18;

/**
 * Rows into a staging table through one COPY, parsed by their kind (RowEncoder) as they are added, written
 * in batches. `header` names the cells of each row given to `add`.
 */
export class StagingWriter {
  private readonly copy;
  private readonly encoder: RowEncoder;
  private buffer = '';

  constructor(
    session: Session,
    kind: RecordKind,
    header: readonly string[],
    context: ParseContext,
    fingerprinting?: Fingerprinting,
  ) {
    this.encoder = new RowEncoder(kind, header, context, fingerprinting);
    const names = stagedColumnNames(kind).map(ident).join(', ');
    this.copy = session.client.query(copyFrom(`copy ${stagingTable(kind.file)} (${names}) from stdin`));
  }

  /** Enough buffered to flush (await it, for the COPY's back-pressure). */
  get full(): boolean {
    return this.buffer.length >= batchCharacters;
  }

  /** Rows the kind refused among those added. */
  get refused(): number {
    return this.encoder.refused;
  }

  add(line: number, cells: readonly string[]): void {
    this.buffer += this.encoder.encode(line, cells);
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
}
