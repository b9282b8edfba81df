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
  /** What each written row yields; the statement's rows are returned. */
  returning: string;
}

const mergedValue = (column: UpsertColumn, stored: string, incoming: string) =>
  column.merge ? column.merge(stored, incoming) : incoming;

/**
 * INSERT … SELECT … ON CONFLICT (pms_ref) DO UPDATE … WHERE something differs: a row equal to the stored
 * one writes nothing, so a second import of the same files changes nothing (updated_at included) and
 * counts every row unchanged. Rows already equal are also left out of the SELECT (an anti-join): a
 * conflicting row would otherwise be locked, dirtying every page of the table on an unchanged re-import.
 */
export function upsertSql(upsert: Upsert): string {
  const { table, columns } = upsert;
  const names = columns.map((c) => c.name);
  const equalToStored = `(${names.map((n) => `o.${n}`).join(', ')}) is not distinct from (${columns
    .map((c) => mergedValue(c, `o.${c.name}`, c.value))
    .join(', ')})`;
  const insertOnly = upsert.onInsert ?? [];
  const updateOnly = upsert.onUpdate ?? [];
  return `insert into ${table} as t (pms_ref, ${[...names, ...insertOnly.map((c) => c.name)].join(', ')})
    select s.${upsert.ref}, ${[...columns.map((c) => c.value), ...insertOnly.map((c) => c.value)].join(', ')}
      from ${upsert.from}
     where not s.refused
       and not exists (select 1 from ${table} o where o.pms_ref = s.${upsert.ref} and ${equalToStored})
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

/** Runs an upsert (without row triggers when it may: row-triggers.ts) and counts the rows it wrote. */
export async function upsertCount(session: Session, upsert: Omit<Upsert, 'returning'>): Promise<number> {
  const [row] = await withoutRowTriggers(session, () =>
    session.query<{ n: number }>(
      `with written as (${upsertSql({ ...upsert, returning: '1' })}) select count(*)::int as n from written`,
    ),
  );
  return row?.n ?? 0;
}
