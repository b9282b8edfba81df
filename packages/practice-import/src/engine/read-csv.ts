import { pipeline, Transform, type Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';

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

/**
 * Streams a CSV source (RFC 4180, UTF-8, optional byte-order mark, CRLF or LF line ends, quoted commas
 * and line breaks) as records, the header first. Blank lines are skipped. `onBytes` hears of every chunk
 * read (progress). Throws FileRefused for a source that is not UTF-8 or not CSV.
 */
export async function* readCsv(
  source: Readable,
  onBytes?: (bytes: number) => void,
): AsyncGenerator<CsvRecord> {
  const lines = new LineTracker();
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: false,
    max_record_size: maxRecordBytes,
    // Called in order for every record, before the parser can fail on a later one: the line numbers
    // stay right up to an error (csv-parse's own `info.lines` counts a quoted CRLF twice).
    on_record: (cells: string[]) => (lines.place(cells) ? cells : null),
  });
  pipeline(source, utf8Check(onBytes), parser, () => {});
  try {
    for await (const cells of parser) yield { line: lines.take(), cells: cells as string[] };
  } catch (error) {
    throw asFileRefused(error, lines.next);
  }
}

/**
 * The parser tells each record as it parses it (`place`), ahead of the records the reader has taken;
 * their first lines wait in order until taken.
 */
class LineTracker {
  next = 1;
  private readonly waiting: number[] = [];

  /** False for an empty line (one empty cell: no file of the import has a single column). */
  place(cells: readonly string[]): boolean {
    const line = this.next;
    let breaks = 0;
    for (const cell of cells) if (cell.length > 0) breaks += lineBreaks(cell);
    this.next = line + breaks + 1;
    if (cells.length === 1 && cells[0] === '') return false;
    this.waiting.push(line);
    return true;
  }

  take(): number {
    return this.waiting.shift() ?? this.next;
  }
}

/** Line breaks inside a (quoted) cell: LF, CRLF or a lone CR each start a new physical line. */
function lineBreaks(cell: string): number {
  if (cell.indexOf('\n') < 0 && cell.indexOf('\r') < 0) return 0;
  return cell.match(/\r\n|\n|\r/g)?.length ?? 0;
}

/** Passes the bytes on unchanged; fails on the first byte sequence that is not UTF-8, naming its line. */
function utf8Check(onBytes?: (bytes: number) => void): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let linesBefore = 1;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      onBytes?.(chunk.length);
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        const line = linesBefore + newlines(chunk.subarray(0, firstInvalidOffset(chunk)));
        callback(new FileRefused(line, 'not UTF-8: this line holds bytes that are not UTF-8 text'));
        return;
      }
      linesBefore += newlines(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      try {
        decoder.decode();
        callback();
      } catch {
        callback(new FileRefused(linesBefore, 'not UTF-8: the file ends inside a character'));
      }
    },
  });
}

function newlines(bytes: Buffer): number {
  let count = 0;
  for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) count++;
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

function asFileRefused(error: unknown, line: number): unknown {
  if (error instanceof FileRefused) return error;
  if (error instanceof CsvError) {
    const problem = csvProblems[error.code] ?? `the CSV reader's ${error.code}`;
    return new FileRefused(line, `not CSV: ${problem} in the record starting on this line`);
  }
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') return new FileRefused(0, `could not be read (${code})`);
  return error;
}
