import type { EstimateAnswer, EstimateStatus, InvoiceStatus, VatRate } from '@vet/contracts/bill-rules';
import type { Executor } from '@vet/db/connection';
import { sql, type SQL } from 'drizzle-orm';
import { clientPayments, paidOnline } from './online-payments.ts';

/**
 * The client's estimates and invoices as the bills pages read them (decision 0151). Every query names the
 * client: another client's record is not found, exactly as a missing one.
 */

export type BillKind = 'estimate' | 'invoice';

/** Where the previous page ended: the last row's day, kind and id (the list's order). */
export interface BillsCursor {
  issuedOn: string;
  kind: BillKind;
  id: number;
}

export type BillRow = {
  kind: BillKind;
  id: number;
  title: string | null;
  issued_on: string;
  expires_on: string | null;
  status: EstimateStatus | InvoiceStatus;
  answer: EstimateAnswer | null;
  total_pence: number;
  vat_pence: number;
  paid_pence: number;
  practice_name: string;
  clinician_name: string | null;
  pet_names: string[];
};

export type LineRow = {
  line_no: number;
  description: string;
  quantity: string;
  unit_price_pence: number;
  vat_rate: VatRate;
  total_pence: number;
  pet_name: string | null;
};

/** The practice and clinician columns a detail names (the CMA's itemised bill). */
const practiceColumns = sql`pr.name as practice_name, pr.address_line1, pr.address_line2, pr.town,
  pr.county, pr.postcode, pr.phone, pr.vat_number, pr.owner_name,
  nullif(trim(coalesce(cl.first_name, '') || ' ' || coalesce(cl.last_name, '')), '') as clinician_name`;

export type PracticeColumns = {
  practice_name: string;
  address_line1: string;
  address_line2: string | null;
  town: string;
  county: string | null;
  postcode: string;
  phone: string;
  vat_number: string | null;
  owner_name: string | null;
  clinician_name: string | null;
};

const tables = {
  estimate: {
    bills: sql.raw('practice_estimates'),
    lines: sql.raw('practice_estimate_lines'),
    key: sql.raw('estimate_id'),
  },
  invoice: {
    bills: sql.raw('practice_invoices'),
    lines: sql.raw('practice_invoice_lines'),
    key: sql.raw('invoice_id'),
  },
} as const;

/** The names of the pets a bill's lines are for, in order. */
const petNamesOf = (kind: BillKind, billId: SQL) => sql`coalesce((
  select array_agg(distinct pt.name order by pt.name) from ${tables[kind].lines} l
  join pets pt on pt.id = l.pet_id where l.${tables[kind].key} = ${billId}), '{}')`;

/**
 * Rows of one kind after the cursor, in the list's order (issued_on desc, kind desc, id desc): each a
 * range of its (client_id, issued_on desc, id desc) index. 'invoice' sorts before 'estimate' on a day.
 * The kinds' order says `nulls last` as the index does (the columns are never null): plain `desc` means
 * nulls first, which the index cannot give, and the planner would scan by issued_on alone.
 */
function after(kind: BillKind, cursor: BillsCursor | undefined): SQL {
  if (!cursor) return sql`true`;
  if (cursor.kind === kind) return sql`(b.issued_on, b.id) < (${cursor.issuedOn}::date, ${cursor.id})`;
  return kind === 'estimate'
    ? sql`b.issued_on <= ${cursor.issuedOn}::date`
    : sql`b.issued_on < ${cursor.issuedOn}::date`;
}

function pageOf(
  kind: BillKind,
  clientId: number,
  petId: number | undefined,
  cursor: BillsCursor | undefined,
  limit: number,
) {
  const { bills, lines, key } = tables[kind];
  const forPet =
    petId === undefined
      ? sql`true`
      : sql`exists (select 1 from ${lines} l where l.${key} = b.id and l.pet_id = ${petId})`;
  const kindOnly =
    kind === 'estimate'
      ? sql`b.expires_on::text as expires_on, b.answer, 0 as paid_pence`
      : sql`null::text as expires_on, null::estimate_answer as answer,
          b.paid_pence + ${paidOnline(sql`b.id`)} as paid_pence`;
  return sql`(select ${kind}::text as kind, b.id, b.title, b.issued_on::text as issued_on, b.status::text as status,
      b.total_pence, b.vat_pence, b.practice_id, b.clinician_id, ${kindOnly}
    from ${bills} b
    where b.client_id = ${clientId} and ${after(kind, cursor)} and ${forPet}
    order by b.issued_on desc nulls last, b.id desc nulls last limit ${limit})`;
}

export function createBillsRepository() {
  return {
    /** One page of the client's estimates and invoices together, newest first, `limit` rows at most. */
    async page(
      tx: Executor,
      clientId: number,
      options: { petId?: number; cursor?: BillsCursor; limit: number },
    ) {
      const { petId, cursor, limit } = options;
      const { rows } = await tx.execute<BillRow>(sql`
        with page as (
          select * from (${pageOf('estimate', clientId, petId, cursor, limit)}
            union all ${pageOf('invoice', clientId, petId, cursor, limit)}) both_kinds
          order by issued_on desc, kind desc, id desc limit ${limit})
        select page.kind, page.id, page.title, page.issued_on, page.expires_on, page.status, page.answer,
          page.total_pence, page.vat_pence, page.paid_pence, pr.name as practice_name,
          nullif(trim(coalesce(cl.first_name, '') || ' ' || coalesce(cl.last_name, '')), '') as clinician_name,
          case page.kind when 'estimate' then ${petNamesOf('estimate', sql`page.id`)}
            else ${petNamesOf('invoice', sql`page.id`)} end as pet_names
        from page join practices pr on pr.id = page.practice_id
        left join clinicians cl on cl.id = page.clinician_id
        order by page.issued_on desc, page.kind desc, page.id desc`);
      return rows;
    },

    /** The client's pets that have a line on any of their bills, for the filter. */
    async petsWithBills(tx: Executor, clientId: number) {
      const { rows } = await tx.execute<{ id: number; name: string }>(sql`
        select pt.id, pt.name from pets pt
        where pt.client_id = ${clientId} and (
          exists (select 1 from practice_estimate_lines l join practice_estimates e on e.id = l.estimate_id
                   where l.pet_id = pt.id and e.client_id = ${clientId})
          or exists (select 1 from practice_invoice_lines l join practice_invoices i on i.id = l.invoice_id
                   where l.pet_id = pt.id and i.client_id = ${clientId}))
        order by pt.name, pt.id`);
      return rows;
    },

    async ownsPet(tx: Executor, clientId: number, petId: number): Promise<boolean> {
      const { rows } = await tx.execute(
        sql`select 1 from pets where id = ${petId} and client_id = ${clientId}`,
      );
      return rows.length > 0;
    },

    /** An estimate of the client's with its practice, or undefined; `lock` holds it for an answer. */
    async estimate(tx: Executor, clientId: number, estimateId: number, lock = false) {
      const { rows } = await tx.execute<EstimateRow>(sql`
        select e.id, e.pms_ref, e.title, e.issued_on::text as issued_on, e.expires_on::text as expires_on,
          e.status, e.terms, e.revision, e.previous_total_pence, e.agreed_total_pence, e.answer,
          e.answered_at, e.decline_reason, e.total_pence, e.vat_pence, e.practice_id,
          pr.pms_ref as practice_ref, c.pms_ref as client_ref, c.email, c.first_name,
          ${petNamesOf('estimate', sql`e.id`)} as pet_names, ${practiceColumns}
        from practice_estimates e
        join practices pr on pr.id = e.practice_id
        join clients c on c.id = e.client_id
        left join clinicians cl on cl.id = e.clinician_id
        where e.id = ${estimateId} and e.client_id = ${clientId}
        ${lock ? sql`for update of e` : sql``}`);
      return rows[0];
    },

    async invoice(tx: Executor, clientId: number, invoiceId: number) {
      const { rows } = await tx.execute<InvoiceRow>(sql`
        select i.id, i.pms_ref, i.title, i.issued_on::text as issued_on, i.due_on::text as due_on, i.status,
          i.total_pence, i.vat_pence, i.paid_pence + ${paidOnline(sql`i.id`)} as paid_pence, i.estimate_id,
          ${petNamesOf('invoice', sql`i.id`)} as pet_names, ${practiceColumns}
        from practice_invoices i
        join practices pr on pr.id = i.practice_id
        left join clinicians cl on cl.id = i.clinician_id
        where i.id = ${invoiceId} and i.client_id = ${clientId}`);
      return rows[0];
    },

    /** A bill's lines in order; quantity as written, without trailing zeros ("2.5", not "2.500"). */
    async lines(tx: Executor, kind: BillKind, billId: number) {
      const { lines, key } = tables[kind];
      const { rows } = await tx.execute<LineRow>(sql`
        select l.line_no, l.description, trim_scale(l.quantity)::text as quantity, l.unit_price_pence,
          l.vat_rate, l.total_pence, pt.name as pet_name
        from ${lines} l left join pets pt on pt.id = l.pet_id
        where l.${key} = ${billId} order by l.line_no`);
      return rows;
    },

    /** Every estimate and invoice of the client, newest first: what the data export lists. */
    async allIds(tx: Executor, clientId: number) {
      const { rows } = await tx.execute<{ kind: BillKind; id: number }>(sql`
        select 'estimate' as kind, id, issued_on from practice_estimates where client_id = ${clientId}
        union all
        select 'invoice', id, issued_on from practice_invoices where client_id = ${clientId}
        order by issued_on desc, kind desc, id desc`);
      return rows;
    },

    payments: clientPayments,

    /** What the dashboard shows: the proposed, unanswered estimates and the bills with something due. */
    async open(tx: Executor, clientId: number) {
      const { rows } = await tx.execute<{
        kind: BillKind;
        id: number;
        title: string | null;
        status: EstimateStatus | InvoiceStatus;
        expires_on: string | null;
        total_pence: number;
        paid_pence: number;
      }>(sql`
        select 'estimate' as kind, id, title, status::text as status, expires_on::text as expires_on,
          total_pence, 0 as paid_pence, issued_on
        from practice_estimates
        where client_id = ${clientId} and status = 'proposed' and answer is null
        union all
        select 'invoice', id, title, status::text, null, total_pence, paid, issued_on
        from (select i.*, i.paid_pence + ${paidOnline(sql`i.id`)} as paid from practice_invoices i
          where i.client_id = ${clientId} and i.status in ('issued', 'part_paid')) i
        where paid < total_pence
        order by issued_on desc, id desc`);
      return rows;
    },
  };
}
export type BillsRepository = ReturnType<typeof createBillsRepository>;

export type EstimateRow = PracticeColumns & {
  id: number;
  pms_ref: string | null;
  title: string | null;
  issued_on: string;
  expires_on: string | null;
  status: EstimateStatus;
  terms: string | null;
  revision: number;
  previous_total_pence: number | null;
  agreed_total_pence: number | null;
  answer: EstimateAnswer | null;
  answered_at: Date | null;
  decline_reason: string | null;
  total_pence: number;
  vat_pence: number;
  practice_id: number;
  practice_ref: string | null;
  client_ref: string | null;
  email: string | null;
  first_name: string;
  pet_names: string[];
};

export type InvoiceRow = PracticeColumns & {
  id: number;
  pms_ref: string | null;
  title: string | null;
  issued_on: string;
  due_on: string | null;
  status: InvoiceStatus;
  total_pence: number;
  vat_pence: number;
  paid_pence: number;
  estimate_id: number | null;
  pet_names: string[];
};
