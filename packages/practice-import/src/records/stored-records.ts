import { storedTables } from '../engine/import-files.ts';
import type { Session } from '../engine/session.ts';
import type { KindFile } from '../kinds/kind.ts';

/**
 * The stored rows the apply writes beside a record's own (its opening hours and feature settings, its
 * rota, its species): a record is applied when any of them changed, unchanged when none did.
 */
const writtenBeside: Partial<Record<KindFile, readonly { table: string; column: string }[]>> = {
  'practices.csv': [
    { table: 'practice_opening_hours', column: 'practice_id' },
    { table: 'practice_feature_settings', column: 'practice_id' },
  ],
  'clinicians.csv': [{ table: 'clinician_rota_shifts', column: 'clinician_id' }],
  'appointment_reasons.csv': [{ table: 'appointment_reason_species', column: 'reason_id' }],
  'estimates.csv': [{ table: 'practice_estimate_lines', column: 'estimate_id' }],
  'invoices.csv': [{ table: 'practice_invoice_lines', column: 'invoice_id' }],
  'health_plans.csv': [{ table: 'health_plan_benefits', column: 'plan_id' }],
  'plan_memberships.csv': [{ table: 'plan_membership_uses', column: 'membership_id' }],
};

export interface StoredRecord {
  id: number;
  /** Its version (decision 0113): one more on every change of its row. */
  version: number;
  /** Rows beside it (a count per table): rows deleted and none written leave only a smaller count. */
  beside: string;
  /** Written by this transaction: the record's row or a row beside it. */
  written: boolean;
}

/**
 * The stored records of these references, and whether this transaction wrote them. A row a transaction
 * inserts or updates carries its id in xmin; the apply writes only rows that differ (upsert.ts), so
 * xmin tells applied from unchanged per record, where the apply itself counts only per file.
 */
export async function storedRecords(
  session: Session,
  file: KindFile,
  refs: readonly string[],
): Promise<Map<string, StoredRecord>> {
  const table = storedTables[file]?.table;
  if (!table) throw new Error(`${file} has no stored table of its own`);
  const beside = writtenBeside[file] ?? [];
  // The transaction's id as xmin holds it (the low 32 bits); none yet: a fresh one, which nothing carries.
  const written = (alias: string) =>
    `${alias}.xmin = (pg_current_xact_id()::text::bigint % 4294967296)::text::xid`;
  const counts = beside.map(
    (b, i) => `(select count(*) from ${b.table} b${i} where b${i}.${b.column} = t.id)`,
  );
  const writtenRows = beside.map(
    (b, i) =>
      `exists (select 1 from ${b.table} b${i} where b${i}.${b.column} = t.id and ${written(`b${i}`)})`,
  );
  const rows = await session.query<{
    ref: string;
    id: number;
    version: number;
    beside: string;
    written: boolean;
  }>(
    `select t.pms_ref as ref, t.id, t.version, concat_ws(',', ${['0', ...counts].join(', ')}) as beside,
            ${[written('t'), ...writtenRows].join(' or ')} as written
       from ${table} t where t.pms_ref = any($1::text[])`,
    [refs],
  );
  return new Map(rows.map(({ ref, ...record }) => [ref, record]));
}
