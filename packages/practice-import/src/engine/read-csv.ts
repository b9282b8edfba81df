import { pipeline, Transform, type Readable } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { CsvError, parse, type Options } from 'csv-parse';

/** A file refused as a whole: not UTF-8, not CSV, unreadable. The reason never quotes the file's content. */
export class FileRefused extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
    readonly column: string | null = null,
  ) {
    super(reason);
  }
}

/** One CSV record with the file's physical line its first cell starts on (1 = the first line). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** A record longer than this is an unclosed quote swallowing the file, not a row: memory stays flat. */
const maxRecordBytes = 1 << 20;

const csvOptions: Options = {
  bom: true,
  relax_column_count: true,
  skip_empty_lines: false,
  max_record_size: maxRecordBytes,
};

/** Records are handed over in batches of up to this many: one await per batch, not per record. */
const batchSize = 1024;

/**
 * Streams a CSV source (RFC 4180, UTF-8, optional byte-order mark, CRLF or LF line ends, quoted commas
 * and line breaks) as batches of records, the header first. Blank lines are skipped. `onBytes` hears of
 * every chunk read (progress). Throws FileRefused for a source that is not UTF-8 or not CSV, naming the
 * line: that slow path reads the source again (`open` gives it from its start), so the fast one counts
 * nothing more than the line breaks inside cells.
 */
export async function* readCsv(
  open: () => Readable,
  onBytes?: (bytes: number) => void,
): AsyncGenerator<CsvRecord[]> {
  const lines = new LineTracker();
  const check = new Utf8Check(onBytes);
  const parser = parse(csvOptions);
  pipeline(open(), check.stream, parser, () => {});
  try {
    for await (const batch of batchesOf(parser)) {
      const records: CsvRecord[] = [];
      for (const cells of batch as string[][]) {
        const line = lines.place(cells);
        if (line !== null) records.push({ line, cells });
      }
      if (records.length > 0) yield records;
    }
  } catch (error) {
    if (check.invalidAt !== null) {
      const line = 1 + (await newlinesBefore(open, check.invalidAt));
      throw new FileRefused(line, 'not UTF-8: this line holds bytes that are not UTF-8 text');
    }
    if (error instanceof CsvError) {
      const problem = csvProblems[error.code] ?? `the CSV reader's ${error.code}`;
      throw new FileRefused(
        await lineOfCsvError(open),
        `not CSV: ${problem} in the record starting on this line`,
      );
    }
    const code = (error as { code?: unknown } | undefined)?.code;
    throw typeof code === 'string' ? new FileRefused(0, `could not be read (${code})`) : error;
  }
}

/**
 * An object stream's items, read synchronously as long as some are buffered and handed over in batches;
 * between batches it waits for the stream to have more, to end or to fail.
 */
async function* batchesOf(stream: Readable): AsyncGenerator<unknown[]> {
  let failure: Error | undefined;
  let ended = false;
  let wake: (() => void) | undefined;
  stream.on('readable', () => wake?.());
  stream.on('end', () => {
    ended = true;
    wake?.();
  });
  stream.on('error', (error: Error) => {
    failure = error;
    wake?.();
  });
  for (;;) {
    const batch: unknown[] = [];
    for (let item: unknown; batch.length < batchSize && (item = stream.read()) !== null;) batch.push(item);
    if (batch.length > 0) {
      yield batch;
      continue;
    }
    if (failure !== undefined) throw failure;
    if (ended) return;
    await new Promise<void>((resolve) => (wake = resolve));
    wake = undefined;
  }
}

/** Lines of records as the reader takes them: a record's first line, then past its quoted line breaks. */
class LineTracker {
  next = 1;

  /** The record's line, or null for an empty line (one empty cell: no file of the import has one column). */
  place(cells: readonly string[]): number | null {
    const line = this.next;
    let breaks = 0;
    for (const cell of cells) if (cell.length > 0) breaks += lineBreaks(cell);
    this.next = line + breaks + 1;
    return cells.length === 1 && cells[0] === '' ? null : line;
  }
}

/** Line breaks inside a (quoted) cell: LF, CRLF or a lone CR each start a new physical line. */
function lineBreaks(cell: string): number {
  if (cell.indexOf('\n') < 0 && cell.indexOf('\r') < 0) return 0;
  return cell.match(/\r\n|\n|\r/g)?.length ?? 0;
}

/**
 * Where the parser failed: the same source parsed again, every record's line counted as the parser meets
 * it (csv-parse's `on_record`, in order, before the failure; its own `info.lines` counts a quoted CRLF
 * twice), the records themselves dropped.
 */
async function lineOfCsvError(open: () => Readable): Promise<number> {
  const lines = new LineTracker();
  const recount = parse({ ...csvOptions, on_record: (cells: string[]) => void lines.place(cells) });
  await pipelineAsync(open(), recount).catch(() => {});
  return lines.next;
}

/** Passes the bytes on unchanged; stops at the first byte sequence that is not UTF-8 and notes its offset. */
class Utf8Check {
  invalidAt: number | null = null;
  readonly stream: Transform;

  constructor(onBytes?: (bytes: number) => void) {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let offset = 0;
    const fail = (at: number) => {
      this.invalidAt = at;
      return new FileRefused(0, 'not UTF-8');
    };
    this.stream = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        onBytes?.(chunk.length);
        try {
          decoder.decode(chunk, { stream: true });
        } catch {
          callback(fail(offset + firstInvalidOffset(chunk)));
          return;
        }
        offset += chunk.length;
        callback(null, chunk);
      },
      flush(callback) {
        try {
          decoder.decode();
          callback();
        } catch {
          callback(fail(offset));
        }
      },
    });
  }
}

async function newlinesBefore(open: () => Readable, end: number): Promise<number> {
  let count = 0;
  let read = 0;
  for await (const chunk of open()) {
    const bytes = (chunk as Buffer).subarray(0, Math.max(0, end - read));
    for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) count++;
    read += (chunk as Buffer).length;
    if (read >= end) break;
  }
  return count;
}

/**
 * Where the chunk stops being UTF-8: the longest prefix that decodes (an incomplete last character
 * allowed), found by binary search. Up to three leading continuation bytes end a character the previous
 * chunk began, so the search starts after them.
 */
function firstInvalidOffset(whole: Buffer): number {
  let skip = 0;
  while (skip < 3 && skip < whole.length && ((whole[skip] ?? 0) & 0xc0) === 0x80) skip++;
  const chunk = whole.subarray(skip);
  const decodes = (length: number) => {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(chunk.subarray(0, length), { stream: true });
      return true;
    } catch {
      return false;
    }
  };
  let low = 0;
  let high = chunk.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (decodes(middle)) low = middle;
    else high = middle - 1;
  }
  return skip + low;
}

/** csv-parse's messages quote the cell at fault: only its code is used, worded here. */
const csvProblems: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell is never closed',
  CSV_INVALID_CLOSING_QUOTE: 'a quote inside an unquoted cell, or text after a closing quote',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'text after a closing quote',
  CSV_MAX_RECORD_SIZE: 'a record longer than 1 MB (an unclosed quote?)',
  INVALID_OPENING_QUOTE: 'a quote inside an unquoted cell',
};
