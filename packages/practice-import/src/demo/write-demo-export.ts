/**
 * `npm run demo:export`: writes the demo group's export (packages/practice-import/demo-group/) from the
 * seed's data tables. The files are committed; a test checks they are what this writes now, so they are
 * never edited by hand and cannot drift from the seed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'csv-stringify/sync';
import { demoExportTables } from './demo-export.ts';
import { EXPORT_COLUMNS, EXPORT_FILES, type ExportFile } from './export-files.ts';

/** Where the committed export lives. */
export const DEMO_GROUP_DIRECTORY = fileURLToPath(new URL('../../demo-group/', import.meta.url));

/** Each file's text: a header row, then the rows; RFC 4180 quoting where a cell needs it. */
export function renderDemoExport(): Map<ExportFile, string> {
  const tables = demoExportTables();
  return new Map(
    EXPORT_FILES.map((file) => [
      file,
      stringify([...(tables[file] as readonly Record<string, string>[])], {
        header: true,
        columns: [...EXPORT_COLUMNS[file]],
      }),
    ]),
  );
}

export function writeDemoExport(directory: string = DEMO_GROUP_DIRECTORY): Map<ExportFile, number> {
  mkdirSync(directory, { recursive: true });
  const written = new Map<ExportFile, number>();
  for (const [file, text] of renderDemoExport()) {
    writeFileSync(join(directory, file), text);
    written.set(file, text.split('\n').length - 2);
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [file, rows] of writeDemoExport()) console.log(`${file}: ${rows} rows`);
}
