import { PassThrough } from 'node:stream';
import { seedLookups } from '@vet/db/seed/seed-lookups';
import type { Database } from '@vet/db/connection';
import { runImport, type ImportOptions, type ImportResult } from '../run-import.ts';

/** The portal's lists the kinds match names against (idempotent: test files share the database). */
export async function seedImportLookups(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await seedLookups(tx);
  });
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
