import type { BillFiles } from '../bill-checks.ts';
import { estimateFiles, invoiceFiles } from '../bill-checks.ts';
import { stagingTable } from '../import-files.ts';
import type { Session } from '../session.ts';
import { withoutRowTriggers } from './row-triggers.ts';
import { upsertSql, type UpsertColumn } from './upsert.ts';

/**
 * Estimates and invoices (decision 0151), by their reference, and their lines. Only the practice system's
 * columns are written: an estimate's answer is the portal's, and migration 0060's trigger counts a
 * revision and clears the answer it no longer holds. So the records are written with their row triggers
 * (never withoutRowTriggers): that trigger and the version's must see every change.
 */

const billColumns: readonly UpsertColumn[] = [
  { name: 'practice_id', value: 'p.id' },
  { name: 'client_id', value: 'c.id' },
  { name: 'clinician_id', value: 'cl.id' },
  { name: 'title', value: 's.title' },
  { name: 'issued_on', value: 's.issued_on' },
  { name: 'total_pence', value: 's.total_pence' },
  { name: 'vat_pence', value: 's.vat_pence' },
];

const billFrom = (file: BillFiles['record']) => `${stagingTable(file)} s
  join practices p on p.pms_ref = s.practice_ref
  join clients c on c.pms_ref = s.client_ref
  left join clinicians cl on cl.pms_ref = s.clinician_ref`;

async function writeCount(session: Session, sql: string): Promise<number> {
  const [row] = await session.query<{ n: number }>(
    `with written as (${sql}) select count(*)::int as n from written`,
  );
  return row?.n ?? 0;
}

export const applyEstimates = (session: Session) =>
  writeCount(
    session,
    upsertSql({
      table: 'practice_estimates',
      from: billFrom('estimates.csv'),
      ref: 'estimate_ref',
      columns: [
        ...billColumns,
        { name: 'expires_on', value: 's.expires_on' },
        { name: 'status', value: 's.status::estimate_status' },
        { name: 'terms', value: 's.terms' },
      ],
      onUpdate: [{ name: 'updated_at', value: 'now()' }],
      returning: '1',
    }),
  );

export const applyInvoices = (session: Session) =>
  writeCount(
    session,
    upsertSql({
      table: 'practice_invoices',
      from: `${billFrom('invoices.csv')} left join practice_estimates e on e.pms_ref = s.estimate_ref`,
      ref: 'invoice_ref',
      columns: [
        ...billColumns,
        { name: 'estimate_id', value: 'e.id' },
        { name: 'due_on', value: 's.due_on' },
        { name: 'status', value: 's.status::invoice_status' },
        { name: 'paid_pence', value: 's.paid_pence' },
      ],
      onUpdate: [{ name: 'updated_at', value: 'now()' }],
      returning: '1',
    }),
  );

const linesOf = {
  'estimates.csv': { table: 'practice_estimate_lines', column: 'estimate_id', records: 'practice_estimates' },
  'invoices.csv': { table: 'practice_invoice_lines', column: 'invoice_id', records: 'practice_invoices' },
} as const;

/**
 * A record's lines in the file replace its stored ones whole; a record whose lines are the same is left
 * alone (as a practice's opening hours are). Counts the lines written.
 */
async function applyLines(session: Session, { record, lines, ref }: BillFiles): Promise<number> {
  const { table, column, records } = linesOf[record];
  const changed = `changed_${stagingTable(lines)}`;
  const quantity = (thousandths: string) => `(${thousandths} / 1000.0)::numeric(12, 3)`;
  const asJson = (petId: string, q: string, alias: string) =>
    `jsonb_agg(jsonb_build_array(${alias}.line_no, ${petId}, ${alias}.description, ${q}, ${alias}.unit_price_pence,
                                 ${alias}.vat_rate::text, ${alias}.total_pence) order by ${alias}.line_no)`;
  await session.query(`create temporary table ${changed} on commit drop as
    with staged as (
      select b.id as record_id, ${asJson('pe.id', quantity('s.quantity_thousandths'), 's')} as lines
        from ${stagingTable(lines)} s join ${records} b on b.pms_ref = s.${ref}
        left join pets pe on pe.pms_ref = s.pet_ref
       where not s.refused group by b.id),
    stored as (
      select l.${column} as record_id, ${asJson('l.pet_id', 'l.quantity', 'l')} as lines
        from ${table} l where l.${column} in (select record_id from staged) group by 1)
    select staged.record_id from staged left join stored using (record_id)
     where stored.lines is distinct from staged.lines`);
  // Plain writes of rows no other table references; their keys were read by joins in this transaction.
  return withoutRowTriggers(session, async () => {
    await session.query(`delete from ${table} where ${column} in (select record_id from ${changed})`);
    return writeCount(
      session,
      `insert into ${table} (${column}, line_no, pet_id, description, quantity, unit_price_pence, vat_rate, total_pence)
       select b.id, s.line_no, pe.id, s.description, ${quantity('s.quantity_thousandths')}, s.unit_price_pence,
              s.vat_rate::vat_rate, s.total_pence
         from ${stagingTable(lines)} s join ${records} b on b.pms_ref = s.${ref}
         join ${changed} c on c.record_id = b.id
         left join pets pe on pe.pms_ref = s.pet_ref
        where not s.refused
       returning 1`,
    );
  });
}

export const applyEstimateLines = (session: Session) => applyLines(session, estimateFiles);
export const applyInvoiceLines = (session: Session) => applyLines(session, invoiceFiles);
