import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify/sync';
import { EXPORT_COLUMNS, type ExportFile, type ExportRow } from '../demo/export-files.ts';

/** Rows turned into text at a time: big enough to amortise the call, small enough to keep memory flat. */
const BATCH_ROWS = 5_000;

/**
 * Writes one import file from a stream of rows: the header, then the rows in batches, waiting for the
 * disk whenever the stream's buffer is full, so memory stays flat for any number of rows. Returns the
 * number of rows written.
 */
export async function writeCsvFile<F extends ExportFile>(
  path: string,
  file: F,
  rows: Iterable<ExportRow<F>>,
): Promise<number> {
  const columns: readonly (keyof ExportRow<F>)[] = EXPORT_COLUMNS[file];
  const out = createWriteStream(path);
  const flush = async (batch: string[][]) => {
    if (!out.write(stringify(batch))) await once(out, 'drain');
  };
  let batch: string[][] = [columns as string[]];
  let count = 0;
  try {
    for (const row of rows) {
      batch.push(columns.map((column) => row[column]));
      count += 1;
      if (batch.length >= BATCH_ROWS) {
        await flush(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await flush(batch);
  } finally {
    out.end();
  }
  await finished(out);
  return count;
}
