import type { Session } from '../session.ts';
import { withoutRowTriggers } from './row-triggers.ts';

export interface UpsertColumn {
  /** The stored table's column. */
  name: string;
  /** Its new value: an SQL expression over the staged row `s` and the joined tables. */
  value: string;
  /**
   * The stored value after an update, from the stored one and the new one (default: the new one).
   * Lets a column only move one way (e.g. a pet's awaiting_initial_consultation only ends).
   */
  merge?: (stored: string, incoming: string) => string;
}

export interface Upsert {
  table: string;
  /** `from` clause: the staging table as `s`, joined to whatever resolves its references to ids. */
  from: string;
  /** The staged reference column, stored as pms_ref. */
  ref: string;
  columns: readonly UpsertColumn[];
  /** Written on insert only (e.g. an appointment's source). */
  onInsert?: readonly { name: string; value: string }[];
  /** Written on every update, not compared (e.g. updated_at). */
  onUpdate?: readonly { name: string; value: string }[];
  /** The table keeps each record's row fingerprint (fingerprints.ts): written with the record. */
  fingerprinted?: boolean;
  /** What each written row yields; the statement's rows are returned. */
  returning: string;
}

const mergedValue = (column: UpsertColumn, stored: string, incoming: string) =>
  column.merge ? column.merge(stored, incoming) : incoming;

/** The stored row `o` equals what the staged row `s` would make of it. */
const equalToStored = ({ columns }: Pick<Upsert, 'columns'>) =>
  `(${columns.map((c) => `o.${c.name}`).join(', ')}) is not distinct from (${columns
    .map((c) => mergedValue(c, `o.${c.name}`, c.value))
    .join(', ')})`;

/** A row found unchanged by its fingerprint (staged with its keys only) is not applied, like a refused one. */
const applicable = 'not s.refused and not s.unchanged';

const fingerprint = { name: 'import_fingerprint', value: 's.import_fingerprint' };

/**
 * INSERT … SELECT … ON CONFLICT (pms_ref) DO UPDATE … WHERE something differs: a row equal to the stored
 * one writes nothing, so a second import of the same files changes nothing (updated_at included) and
 * counts every row unchanged. Rows already equal are also left out of the SELECT (an anti-join): a
 * conflicting row would otherwise be locked, dirtying every page of the table on an unchanged re-import.
 */
export function upsertSql(upsert: Upsert): string {
  const { table, columns } = upsert;
  const names = columns.map((c) => c.name);
  const kept = upsert.fingerprinted ? [fingerprint] : [];
  const insertOnly = [...(upsert.onInsert ?? []), ...kept];
  const updateOnly = [
    ...(upsert.onUpdate ?? []),
    ...kept.map((c) => ({ name: c.name, value: `excluded.${c.name}` })),
  ];
  return `insert into ${table} as t (pms_ref, ${[...names, ...insertOnly.map((c) => c.name)].join(', ')})
    select s.${upsert.ref}, ${[...columns.map((c) => c.value), ...insertOnly.map((c) => c.value)].join(', ')}
      from ${upsert.from}
     where ${applicable}
       and not exists (select 1 from ${table} o where o.pms_ref = s.${upsert.ref} and ${equalToStored(upsert)})
    on conflict (pms_ref) do update
       set ${[
         ...columns.map((c) => `${c.name} = ${mergedValue(c, `t.${c.name}`, `excluded.${c.name}`)}`),
         ...updateOnly.map((c) => `${c.name} = ${c.value}`),
       ].join(', ')}
     where (${names.map((n) => `t.${n}`).join(', ')}) is distinct from (${columns
       .map((c) => mergedValue(c, `t.${c.name}`, `excluded.${c.name}`))
       .join(', ')})
    returning ${upsert.returning}`;
}

/**
 * A stored record equal to its row but without that row's fingerprint (written since by the portal and
 * then back, read before fingerprints were stored, or a row written differently to the same effect) gets
 * it, so the next import skips the row; only the fingerprint is written, the record counts unchanged.
 * The first import into a table skips this (no stored record has a reference yet).
 */
export async function refreshFingerprints(session: Session, upsert: Omit<Upsert, 'returning'>) {
  if (!upsert.fingerprinted) return;
  const [stored] = await session.query<{ any: boolean }>(
    `select exists (select 1 from ${upsert.table} where pms_ref is not null) as any`,
  );
  if (!stored?.any) return;
  await withoutRowTriggers(session, () =>
    session.query(`update ${upsert.table} o set import_fingerprint = s.import_fingerprint
        from ${upsert.from}
       where ${applicable} and s.import_fingerprint is not null and o.pms_ref = s.${upsert.ref}
         and o.import_fingerprint is distinct from s.import_fingerprint and ${equalToStored(upsert)}`),
  );
}

/** Runs an upsert (without row triggers when it may: row-triggers.ts) and counts the rows it wrote. */
export async function upsertCount(session: Session, upsert: Omit<Upsert, 'returning'>): Promise<number> {
  await refreshFingerprints(session, upsert);
  const [row] = await withoutRowTriggers(session, () =>
    session.query<{ n: number }>(
      `with written as (${upsertSql({ ...upsert, returning: '1' })}) select count(*)::int as n from written`,
    ),
  );
  return row?.n ?? 0;
}
