import { PassThrough } from 'node:stream';
import type { DatabaseHandle } from '@vet/db/connection';
import { seedLookups } from '@vet/db/seed/seed-lookups';
import { runImport, type ImportOptions, type ImportResult } from '../run-import.ts';

/**
 * The portal's lists the kinds match names against, the reference lists (decision 0096), with the demo's
 * appointment reasons (idempotent: test files share the database).
 */
export async function seedImportLookups(database: Pick<DatabaseHandle, 'db' | 'pool'>): Promise<void> {
  await seedLookups(database);
}

export interface TestImport extends ImportResult {
  /** Everything the import printed, to stdout and stderr. */
  output: string;
  /** A file's counts (fails the test when the file is not in the result). */
  counts(file: string): { applied: number; unchanged: number; refused: number };
}

/** Runs the import with its output captured (never on the test run's console). */
export async function importDirectory(
  databaseUrl: string,
  directory: string,
  options: Partial<ImportOptions> = {},
): Promise<TestImport> {
  const out = new PassThrough();
  let output = '';
  out.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const result = await runImport({
    directory,
    databaseUrl,
    progress: 'none',
    stdout: out,
    stderr: out,
    ...options,
  });
  return {
    ...result,
    output,
    counts(file) {
      const entry = result.files.find((f) => f.file === file);
      if (!entry) throw new Error(`${file} is not in the import's result`);
      return { applied: entry.applied, unchanged: entry.unchanged, refused: entry.refused };
    },
  };
}
