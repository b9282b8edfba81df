import pg from 'pg';
import type { RecordKind } from '../kinds/kind.ts';
import { fingerprintedFiles } from './fingerprints.ts';
import { stagingTable } from './import-files.ts';
import type { Session } from './session.ts';

/**
 * Columns every staging table has before the kind's own: where the row was, whether it is refused (and
 * why, by its kind), and whether its fingerprint is stored (fingerprints.ts): such a row is staged with
 * its keys only, for the checks across rows, and the apply leaves it out.
 */
export const stagingColumns = ['line', 'refused', 'parse_refusals', 'unchanged'] as const;

/** The fingerprint of a row of a fingerprinted file, after the kind's columns. */
export const fingerprintColumn = 'import_fingerprint';

/** Every column of the file's staging table, in the order of its COPY rows. */
export function stagedColumnNames(kind: RecordKind): string[] {
  const fingerprint = fingerprintedFiles[kind.file] ? [fingerprintColumn] : [];
  return [...stagingColumns, ...Object.keys(kind.staged), ...fingerprint];
}

export const ident = (name: string) => pg.escapeIdentifier(name);

/** The columns a row refused by the kind still carries (raw, trimmed), so its children can name it. */
export function keyColumns(kind: RecordKind): string[] {
  return [...new Set([...(kind.refColumn ? [kind.refColumn] : []), ...kind.references.map((r) => r.column)])];
}

export async function createStagingTable(session: Session, kind: RecordKind): Promise<void> {
  const columns = Object.entries(kind.staged).map(([name, type]) => `${ident(name)} ${type}`);
  if (fingerprintedFiles[kind.file]) columns.push(`${fingerprintColumn} uuid`);
  await session.query(`create temporary table ${stagingTable(kind.file)} (
    line integer not null, refused boolean not null, parse_refusals jsonb, unchanged boolean not null,
    ${columns.join(', ')})`);
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
