import { listValueMaxLength } from '@vet/contracts/integration-list-values';
import { stagingTable } from '../engine/import-files.ts';
import type { Session } from '../engine/session.ts';
import { ident } from '../engine/staging-tables.ts';
import type { RecordKind } from '../kinds/kind.ts';
import type { ListValueCodes } from './record-types.ts';

/**
 * Writes the codes given beside the records (RecordRows.codes) into their staged rows' `<column>_code`,
 * which no cell fills: the apply keeps a code with a value no entry matches (decision 0131). A code that
 * is no label (blank, or over the longest a label may be) is left out: a record never depends on its code.
 */
export async function stageCodes(
  session: Session,
  kind: RecordKind,
  rows: readonly { line: number; codes: ListValueCodes | undefined }[],
): Promise<void> {
  const byColumn = new Map<string, { lines: number[]; codes: string[] }>();
  for (const { line, codes } of rows)
    for (const [column, given] of Object.entries(codes ?? {})) {
      const staged = `${column}_code`;
      // A programming error (a connector naming a list the kind has not): loud, not dropped.
      if (!(staged in kind.staged)) throw new Error(`${kind.file} has no list value ${column}`);
      const code = given?.trim() ?? '';
      if (code === '' || code.length > listValueMaxLength) continue;
      const into = byColumn.get(staged) ?? { lines: [], codes: [] };
      into.lines.push(line);
      into.codes.push(code);
      byColumn.set(staged, into);
    }
  for (const [staged, { lines, codes }] of byColumn)
    await session.query(
      `update ${stagingTable(kind.file)} s set ${ident(staged)} = c.code
         from unnest($1::int[], $2::text[]) as c(line, code) where s.line = c.line`,
      [lines, codes],
    );
}
