import type { KindFile } from '../kinds/kind.ts';
import { importOrder, stagingTable } from './import-files.ts';
import type { Session } from './session.ts';
import type { FileRefusal } from './stage-file.ts';

export interface ImportRefusal {
  file: string;
  line: number;
  column: string | null;
  reason: string;
}

/**
 * Every refusal of the run, in a temporary table: a file of millions of bad rows costs the import
 * process no memory, and the report streams them out in file and line order.
 */
export async function createRefusalsTable(session: Session): Promise<void> {
  await session.query(`create temporary table import_refusals (
    id bigserial, file text not null, file_order integer not null, line integer not null,
    column_name text, reason text not null)`);
}

// list_entries.csv is read first (decision 0096), and reported so.
const fileOrder = (file: string) => {
  if (file === 'list_entries.csv') return -1;
  const index = (importOrder as readonly string[]).indexOf(file);
  return index < 0 ? importOrder.length : index;
};

export async function noteRefusals(
  session: Session,
  file: string,
  refusals: readonly FileRefusal[],
): Promise<void> {
  if (refusals.length === 0) return;
  await session.query(
    `insert into import_refusals (file, file_order, line, column_name, reason)
     select $1, $2, r.line, r.column_name, r.reason
       from jsonb_to_recordset($3::jsonb) as r(line integer, column_name text, reason text)`,
    [file, fileOrder(file), JSON.stringify(refusals.map((r) => ({ ...r, column_name: r.column })))],
  );
}

/** The kind's own refusals, staged with their rows, join the others. */
export async function noteParseRefusals(session: Session, file: KindFile): Promise<void> {
  await session.query(
    `insert into import_refusals (file, file_order, line, column_name, reason)
     select $1, $2, s.line, r->>'column', r->>'reason'
       from ${stagingTable(file)} s, jsonb_array_elements(s.parse_refusals) r
      where s.parse_refusals is not null`,
    [file, fileOrder(file)],
  );
}

/**
 * Refuses the staged rows a query finds: `bad` yields tid (the row's ctid), line, column_name and reason.
 * The refusals are noted and the rows marked in one statement; a row refused before stays refused and
 * gains the new reason too.
 */
export async function refuseRows(session: Session, file: KindFile, bad: string): Promise<void> {
  await session.query(
    `with bad as (${bad}),
     noted as (insert into import_refusals (file, file_order, line, column_name, reason)
               select $1, $2, line, column_name, reason from bad)
     update ${stagingTable(file)} set refused = true where ctid = any(array(select tid from bad)) and not refused`,
    [file, fileOrder(file)],
  );
}

/** Refused rows per file: every refused row has a refusal on its line, and no two rows share one. */
export async function refusedRowsByFile(session: Session): Promise<Map<string, number>> {
  const rows = await session.query<{ file: string; n: number }>(
    `select file, count(distinct line)::int as n from import_refusals group by file`,
  );
  return new Map(rows.map((r) => [r.file, r.n]));
}

/** Every refusal in file and line order, a page at a time. */
export async function* readRefusals(session: Session, pageSize = 10_000): AsyncGenerator<ImportRefusal> {
  let after: [number, number, string] = [-1, 0, '0'];
  for (;;) {
    const page = await session.query<{
      id: string;
      file_order: number;
      file: string;
      line: number;
      column_name: string | null;
      reason: string;
    }>(
      `select id, file_order, file, line, column_name, reason from import_refusals
        where (file_order, line, id) > ($1, $2, $3::bigint) order by file_order, line, id limit $4`,
      [...after, pageSize],
    );
    for (const r of page) yield { file: r.file, line: r.line, column: r.column_name, reason: r.reason };
    const last = page.at(-1);
    if (!last || page.length < pageSize) return;
    after = [last.file_order, last.line, last.id];
  }
}
