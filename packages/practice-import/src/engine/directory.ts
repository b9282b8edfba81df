import { readdir } from 'node:fs/promises';
import type { KindFile } from '../kinds/kind.ts';
import { listEntriesFile } from '../kinds/list-entries.ts';
import { importOrder, isKindFile } from './import-files.ts';
import type { FileRefusal } from './stage-file.ts';

export interface ExportDirectory {
  /** The import's files the directory holds, in dependency order. */
  files: KindFile[];
  /** Whether it holds list_entries.csv, the group's own list entries, read before the others. */
  listEntries: boolean;
  /** Everything else in it, refused by name: a misspelt file must not be skipped without a word. */
  strangers: { file: string; refusal: FileRefusal }[];
}

export class ImportCannotRun extends Error {}

const allFiles = [...importOrder, listEntriesFile];

const notAnImportFile: FileRefusal = {
  line: 0,
  column: null,
  reason: `not a file of the import, whose files are ${allFiles.join(', ')}`,
};

const aLink: FileRefusal = {
  line: 0,
  column: null,
  reason: 'a link, not a file: the import reads the files it is given (--follow-links reads where it points)',
};

/**
 * The directory's import files. A link among them is refused unless `followLinks` (security round three,
 * finding 12): an export directory an operator was handed could otherwise make the import read any file
 * the operator's account can, into the database and its refusal report.
 */
export async function readExportDirectory(
  directory: string,
  { followLinks = false }: { followLinks?: boolean } = {},
): Promise<ExportDirectory> {
  let entries;
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'error';
    throw new ImportCannotRun(`the directory ${directory} could not be read (${code})`);
  }
  // A link followed is read as the file (an unreadable one is refused when read).
  const names = new Set(
    entries
      .filter(
        (e) =>
          (e.isFile() || (followLinks && e.isSymbolicLink())) &&
          (isKindFile(e.name) || e.name === listEntriesFile),
      )
      .map((e) => e.name),
  );
  const links = new Set(entries.filter((e) => !followLinks && e.isSymbolicLink()).map((e) => e.name));
  const files = importOrder.filter((file) => names.has(file));
  const listEntries = names.has(listEntriesFile);
  if (files.length === 0 && !listEntries) {
    throw new ImportCannotRun(
      `the directory ${directory} holds none of the import's files (${allFiles.join(', ')})`,
    );
  }
  const strangers = entries
    .filter((e) => !names.has(e.name))
    .map((e) => e.name)
    .sort()
    .map((file) => ({ file, refusal: links.has(file) ? aLink : notAnImportFile }));
  return { files, listEntries, strangers };
}
