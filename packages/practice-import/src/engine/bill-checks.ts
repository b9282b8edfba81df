import { literal, refuseRepeatedKeys, type CheckContext } from './cross-row-rules.ts';
import { stagingTable } from './import-files.ts';
import { refuseRows } from './refusals.ts';

/**
 * The checks of an estimate's or an invoice's lines (decision 0151), set-based over the staging tables:
 * each line's own total is its kind's (bill-cells.ts); here, what needs the record and its lines together.
 * A record and its lines are applied whole: a refused line refuses its record, a refused record its lines.
 */
export interface BillFiles {
  record: 'estimates.csv' | 'invoices.csv';
  lines: 'estimate_lines.csv' | 'invoice_lines.csv';
  ref: 'estimate_ref' | 'invoice_ref';
  noun: 'estimate' | 'invoice';
}

export const estimateFiles: BillFiles = {
  record: 'estimates.csv',
  lines: 'estimate_lines.csv',
  ref: 'estimate_ref',
  noun: 'estimate',
};
export const invoiceFiles: BillFiles = {
  record: 'invoices.csv',
  lines: 'invoice_lines.csv',
  ref: 'invoice_ref',
  noun: 'invoice',
};

/** Pence as the files write pounds, in SQL: 5400 → '54.00', -500 → '-5.00'. */
const pounds = (pence: string) =>
  `(case when ${pence} < 0 then '-' else '' end || (abs(${pence}) / 100)::text || '.' || lpad((abs(${pence}) % 100)::text, 2, '0'))`;

/** A record with no line: its lines file is not staged, or holds none of its reference. */
export const recordHasLines =
  ({ record, lines, ref, noun }: BillFiles) =>
  ({ session, states }: CheckContext) => {
    const reason = literal(`no lines: an ${noun} is sent with its lines, in ${lines}`);
    const staged = states.get(lines) === 'staged';
    return refuseRows(
      session,
      record,
      `select s.ctid as tid, s.line, null::text as column_name, ${reason} as reason
         from ${stagingTable(record)} s
        where not s.refused and s.${ref} is not null
          ${staged ? `and not exists (select 1 from ${stagingTable(lines)} l where l.${ref} = s.${ref})` : ''}`,
    );
  };

/**
 * The lines' checks, after their references: lines come with their record (not a stored one alone);
 * a line number once per record; a line's pet is one of the record's client; the record's total and VAT
 * are its lines' to the penny (the record's row refused, naming the field and the sum); then the record
 * and its lines stand or fall together.
 */
export const billLinesChecks = (files: BillFiles) => async (context: CheckContext) => {
  const { session } = context;
  const { record, lines, ref, noun } = files;
  const [r, l] = [stagingTable(record), stagingTable(lines)];
  await refuseRows(
    session,
    lines,
    `select s.ctid as tid, s.line, ${literal(ref)} as column_name,
            ${literal(`its ${noun} is not in ${record}: a record’s lines are sent with it, all of them`)} as reason
       from ${l} s
      where not s.refused and s.${ref} is not null
        and not exists (select 1 from ${r} h where h.${ref} = s.${ref})`,
  );
  await refuseRepeatedKeys(
    context,
    lines,
    [ref, 'line_no'],
    `this line number of the ${noun} is given before`,
  );
  await refuseRows(
    session,
    lines,
    `select s.ctid as tid, s.line, 'pet_ref' as column_name,
            ${literal(`not a pet of the client named in the ${noun}’s client_ref`)} as reason
       from ${l} s
       join ${r} h on h.${ref} = s.${ref} and not h.refused
       left join stage_pets b on b.pet_ref = s.pet_ref and not b.refused
      where not s.refused and s.pet_ref is not null
        and coalesce(b.client_ref, (select c.pms_ref from pets p join clients c on c.id = p.client_id
                                     where p.pms_ref = s.pet_ref)) is distinct from h.client_ref`,
  );
  await refuseSums(context, files);
  await refuseRows(
    session,
    record,
    `select h.ctid as tid, h.line, null::text as column_name,
            ${literal(`an ${noun} is applied whole with its lines, and ${lines} line `)} || g.first_refused || ' is refused' as reason
       from ${r} h
       join (select ${ref} as key, min(line) as first_refused from ${l} where refused and ${ref} is not null
              group by 1) g on g.key = h.${ref}
      where not h.refused`,
  );
  await refuseRows(
    session,
    lines,
    `select s.ctid as tid, s.line, ${literal(ref)} as column_name,
            ${literal(`refused in ${record} line `)} || h.line as reason
       from ${l} s join ${r} h on h.${ref} = s.${ref} and h.refused
      where not s.refused`,
  );
};

/** A record whose lines (none refused) do not add up to its total, or to its VAT, naming the sum. */
async function refuseSums({ session }: CheckContext, { record, lines, ref }: BillFiles) {
  const [r, l] = [stagingTable(record), stagingTable(lines)];
  const sums = `select ${ref} as key, sum(total_pence)::bigint as total, sum(vat_pence)::bigint as vat
                  from ${l} where ${ref} is not null group by 1 having not bool_or(refused)`;
  const field = (column: 'total' | 'vat', sum: 'total' | 'vat', what: string) =>
    `select h.ctid as tid, h.line, ${literal(column)} as column_name,
            ${literal(`not the sum of its lines’ ${what} in ${lines}: they add up to `)} || ${pounds(`g.${sum}`)} as reason
       from ${r} h join sums g on g.key = h.${ref}
      where not h.refused and g.${sum} is distinct from h.${sum}_pence`;
  await refuseRows(
    session,
    record,
    `with sums as materialized (${sums})
     ${field('total', 'total', 'totals')} union all ${field('vat', 'vat', 'VAT')}`,
  );
}

/** An invoice settles an estimate of its own client: the batch's estimate, or else the stored one. */
export const invoiceEstimateOfItsClient = ({ session }: CheckContext) =>
  refuseRows(
    session,
    'invoices.csv',
    `select s.ctid as tid, s.line, 'estimate_ref' as column_name,
            'not an estimate of the client named in client_ref' as reason
       from stage_invoices s
       left join stage_estimates b on b.estimate_ref = s.estimate_ref and not b.refused
      where not s.refused and s.estimate_ref is not null
        and coalesce(b.client_ref, (select c.pms_ref from practice_estimates e join clients c on c.id = e.client_id
                                     where e.pms_ref = s.estimate_ref)) is distinct from s.client_ref`,
  );
