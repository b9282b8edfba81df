import pg from 'pg';
import type { RecordKind } from '../kinds/kind.ts';
import { stagingTable } from './import-files.ts';
import type { Session } from './session.ts';

/** Columns every staging table has before the kind's own: where the row was and whether it is refused. */
export const stagingColumns = ['line', 'refused', 'parse_refusals'] as const;

export const ident = (name: string) => pg.escapeIdentifier(name);

/** The columns a row refused by the kind still carries (raw, trimmed), so its children can name it. */
export function keyColumns(kind: RecordKind): string[] {
  return [...new Set([...(kind.refColumn ? [kind.refColumn] : []), ...kind.references.map((r) => r.column)])];
}

export async function createStagingTable(session: Session, kind: RecordKind): Promise<void> {
  const columns = Object.entries(kind.staged).map(([name, type]) => `${ident(name)} ${type}`);
  await session.query(`create temporary table ${stagingTable(kind.file)} (
    line integer not null, refused boolean not null, parse_refusals jsonb, ${columns.join(', ')})`);
}

/**
 * After the COPY: the kind's keys indexed (children look their parents up by reference, duplicates are
 * found by it) and the table analysed, since autovacuum never sees temporary tables.
 */
export async function indexStagingTable(session: Session, kind: RecordKind): Promise<void> {
  const table = stagingTable(kind.file);
  if (kind.refColumn) await session.query(`create index on ${table} (${ident(kind.refColumn)}, line)`);
  await session.query(`analyze ${table}`);
}
