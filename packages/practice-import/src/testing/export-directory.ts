import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';

export type Rows = readonly Readonly<Record<string, string>>[];

/** CSV text of rows (RFC 4180 quoting); the header: every key of the rows, in order of appearance. */
export function csvOf(
  rows: Rows,
  options: { header?: readonly string[]; lineEnd?: '\n' | '\r\n' } = {},
): string {
  const header = options.header ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return stringify(
    rows.map((row) => header.map((column) => row[column] ?? '')),
    { header: true, columns: [...header], record_delimiter: options.lineEnd === '\r\n' ? 'windows' : 'unix' },
  );
}

/**
 * A fresh export directory: each entry a file, given as rows (written as CSV) or as its exact content
 * (text or bytes, for the files that must be broken).
 */
export async function exportDirectory(files: Record<string, Rows | string | Uint8Array>): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'practice-import-'));
  for (const [name, content] of Object.entries(files)) {
    await writeFile(
      join(directory, name),
      Array.isArray(content) ? csvOf(content) : (content as string | Uint8Array),
    );
  }
  return directory;
}
