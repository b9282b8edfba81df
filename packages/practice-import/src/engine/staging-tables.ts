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
 * After the COPY: the file's own references indexed (children look their parents up by them) and the
 * table analysed, since autovacuum never sees temporary tables. The index is made unique when it can be:
 * then no reference is used twice and that check has nothing to look for. Says whether it could.
 */
export async function indexStagingTable(session: Session, kind: RecordKind): Promise<{ unique: boolean }> {
  const table = stagingTable(kind.file);
  let unique = false;
  if (kind.refColumn) {
    const ref = ident(kind.refColumn);
    try {
      await session.query(`create unique index on ${table} (${ref})`);
      unique = true;
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
      await session.query(`create index on ${table} (${ref}, line)`);
    }
  }
  await session.query(`analyze ${table}`);
  return { unique };
}
