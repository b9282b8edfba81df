import { constants, createReadStream, openSync } from 'node:fs';
import { writeGroupEntries } from '@vet/db/reference/group-entries';
import type { CellRow, LookupLists } from '../kinds/kind.ts';
import { listEntries, listEntriesFile, parseListEntry } from '../kinds/list-entries.ts';
import { headerProblems } from './header.ts';
import { FileRefused, readCsv } from './read-csv.ts';
import { noteRefusals } from './refusals.ts';
import type { FileCounts } from './report.ts';
import type { Session } from './session.ts';
import type { FileRefusal } from './stage-file.ts';

/** More rows than any group's own list entries: a bigger file is not one. */
const maxRows = 100_000;

/**
 * list_entries.csv (decision 0096), read whole and written in the import's transaction before the other
 * files are read, so their rows are matched against the lists as the group extends them. Each row is
 * applied, unchanged or refused on its own, by line (the file as a whole for a bad header or CSV).
 */
export async function importListEntries(
  session: Session,
  path: string,
  lookups: LookupLists,
  { followLinks = false }: { followLinks?: boolean } = {},
): Promise<FileCounts> {
  const started = performance.now();
  const flags = constants.O_RDONLY | (followLinks ? 0 : constants.O_NOFOLLOW);
  const rows: { line: number; cells: CellRow }[] = [];
  const refusals: FileRefusal[] = [];
  let header: string[] | undefined;
  try {
    for await (const batch of readCsv(() => createReadStream(path, { fd: openSync(path, flags) }))) {
      for (const record of batch) {
        if (!header) {
          header = record.cells.map((c) => c.trim());
          refusals.push(...headerProblems(header, listEntries).map((p) => ({ ...p, line: record.line })));
          continue;
        }
        const names = header;
        rows.push({
          line: record.line,
          cells: Object.fromEntries(names.map((n, i) => [n, record.cells[i] ?? ''])),
        });
      }
      if (rows.length > maxRows) {
        refusals.push({
          line: 0,
          column: null,
          reason: `more than ${maxRows} rows: not a group's own list entries`,
        });
        break;
      }
    }
  } catch (error) {
    if (!(error instanceof FileRefused)) throw error;
    refusals.push({ line: error.line, column: error.column, reason: error.reason });
  }
  if (!header && refusals.length === 0)
    refusals.push({ line: 0, column: null, reason: 'empty: no header row' });
  const seconds = () => (performance.now() - started) / 1000;
  if (refusals.length > 0) {
    await noteRefusals(session, listEntriesFile, refusals);
    return { file: listEntriesFile, applied: 0, unchanged: 0, refused: rows.length, seconds: seconds() };
  }

  const parsed = rows.map((row) => ({ line: row.line, parse: parseListEntry(row.cells, lookups) }));
  const valid = parsed.flatMap((p) =>
    p.parse.ok ? [{ line: p.line, entry: { ...p.parse.entry, place: `line ${p.line}` } }] : [],
  );
  const outcomes = await writeGroupEntries(
    session.client,
    valid.map((v) => v.entry),
  );
  const rowRefusals: FileRefusal[] = [
    ...parsed.flatMap((p) => (p.parse.ok ? [] : p.parse.refusals.map((r) => ({ ...r, line: p.line })))),
    ...valid.flatMap((v, i) => {
      const outcome = outcomes[i]!;
      return outcome.outcome === 'refused'
        ? outcome.refusals.map((r) => ({ line: v.line, column: r.field, reason: r.reason }))
        : [];
    }),
  ].sort((a, b) => a.line - b.line);
  await noteRefusals(session, listEntriesFile, rowRefusals);
  const count = (outcome: string) => outcomes.filter((o) => o.outcome === outcome).length;
  return {
    file: listEntriesFile,
    applied: count('applied'),
    unchanged: count('unchanged'),
    refused: rows.length - count('applied') - count('unchanged'),
    seconds: seconds(),
  };
}
