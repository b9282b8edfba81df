import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { referenceDataDirectory } from '../reference-files.ts';

/**
 * A copy of the shipped reference data a test may change: lines appended, or lines replaced. `remove`
 * deletes it.
 */
export function referenceDirectoryCopy() {
  const directory = mkdtempSync(join(tmpdir(), 'reference-lists-'));
  cpSync(referenceDataDirectory, directory, { recursive: true });
  const path = (file: string) => join(directory, file);
  return {
    directory,
    append: (file: string, ...lines: string[]) => appendFileSync(path(file), `${lines.join('\n')}\n`),
    /** Each line starting with `prefix` replaced by `line` (or dropped, for null). */
    replace: (file: string, prefix: string, line: string | null) => {
      const lines = readFileSync(path(file), 'utf8').split('\n');
      const kept = lines.flatMap((l) => (l.startsWith(prefix) ? (line === null ? [] : [line]) : [l]));
      writeFileSync(path(file), kept.join('\n'));
    },
    lineOf: (file: string, prefix: string) =>
      readFileSync(path(file), 'utf8')
        .split('\n')
        .findIndex((l) => l.startsWith(prefix)) + 1,
    remove: () => rmSync(directory, { recursive: true, force: true }),
  };
}
