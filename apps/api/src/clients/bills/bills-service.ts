import {
  estimateState,
  invoiceDuePence,
  invoiceState,
  vatRatePercent,
  type EstimateStatus,
  type InvoiceStatus,
} from '@vet/contracts/bill-rules';
import {
  billsPageSize,
  type BillLine,
  type BillsPage,
  type BillsSummary,
  type BillSummary,
  type EstimateDetail,
  type InvoiceDetail,
} from '@vet/contracts/bills';
import { practiceDate } from '@vet/contracts/practice-clock';
import { ownershipSentence } from '@vet/contracts/practice-ownership';
import type { Database, Executor } from '@vet/db/connection';
import { badRequest, notFound } from '../../platform/index.ts';
import type {
  BillRow,
  BillsCursor,
  BillsRepository,
  EstimateRow,
  InvoiceRow,
  LineRow,
  PracticeColumns,
} from './bills-repository.ts';

export interface BillsDeps {
  db: Database;
  repository: BillsRepository;
}

export const billMessages = {
  estimateNotFound: 'We could not find that estimate.',
  invoiceNotFound: 'We could not find that bill.',
  petNotFound: 'We could not find that pet.',
  badCursor: 'This page link is not valid: open your bills again from the start.',
} as const;

/** The cursor is opaque to the page: the last row's day, kind and id, base64url JSON. */
export function encodeCursor(cursor: BillsCursor): string {
  return Buffer.from(JSON.stringify([cursor.issuedOn, cursor.kind, cursor.id])).toString('base64url');
}

export function decodeCursor(text: string): BillsCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 3) {
      const [issuedOn, kind, id] = value as unknown[];
      if (
        typeof issuedOn === 'string' &&
        /^\d{4}-\d{2}-\d{2}$/.test(issuedOn) &&
        (kind === 'estimate' || kind === 'invoice') &&
        Number.isSafeInteger(id) &&
        (id as number) > 0 &&
        (id as number) <= 2_147_483_647
      )
        return { issuedOn, kind, id: id as number };
    }
  } catch {
    // Falls through to the refusal: not base64url JSON.
  }
  throw badRequest(billMessages.badCursor, [{ path: 'cursor', message: billMessages.badCursor }]);
}

/** What every bill's shape opens with, from any of the repository's rows of one. */
const headerOf = (row: {
  id: number;
  title: string | null;
  issued_on: string;
  pet_names: string[];
  clinician_name: string | null;
  total_pence: number;
  vat_pence: number;
}) => ({
  id: row.id,
  title: row.title,
  issuedOn: row.issued_on,
  petNames: row.pet_names,
  clinicianName: row.clinician_name,
  totalPence: row.total_pence,
  vatPence: row.vat_pence,
});

const summaryOf = (row: BillRow, today: string): BillSummary => {
  const header = {
    ...headerOf(row),
    practiceName: row.practice_name,
  };
  if (row.kind === 'estimate') {
    const estimate = { status: row.status as EstimateStatus, answer: row.answer, expiresOn: row.expires_on };
    return { kind: 'estimate', ...header, state: estimateState(estimate, today), expiresOn: row.expires_on };
  }
  const invoice = {
    status: row.status as InvoiceStatus,
    totalPence: row.total_pence,
    paidPence: row.paid_pence,
  };
  return { kind: 'invoice', ...header, state: invoiceState(invoice), duePence: invoiceDuePence(invoice) };
};

/** GET /v2/bills: newest first, estimates and invoices together; `petId`: those with a line for the pet. */
export async function listBills(
  deps: BillsDeps,
  clientId: number,
  query: { petId?: number | undefined; cursor?: string | undefined },
  now: Date,
): Promise<BillsPage> {
  const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const { db, repository } = deps;
  if (query.petId !== undefined && !(await repository.ownsPet(db, clientId, query.petId)))
    throw notFound(billMessages.petNotFound);
  const rows = await repository.page(db, clientId, {
    ...(query.petId === undefined ? {} : { petId: query.petId }),
    ...(cursor ? { cursor } : {}),
    limit: billsPageSize + 1,
  });
  const items = rows.slice(0, billsPageSize);
  const last = items.at(-1);
  const nextCursor =
    rows.length > billsPageSize && last
      ? encodeCursor({ issuedOn: last.issued_on, kind: last.kind, id: last.id })
      : null;
  const today = practiceDate(now);
  return {
    items: items.map((row) => summaryOf(row, today)),
    nextCursor,
    pets: await repository.petsWithBills(db, clientId),
  };
}

const practiceOf = (row: PracticeColumns) => ({
  name: row.practice_name,
  address: [row.address_line1, row.address_line2, row.town, row.county, row.postcode].filter(
    (line): line is string => line !== null && line.trim() !== '',
  ),
  phone: row.phone,
  vatNumber: row.vat_number,
  ownership: row.owner_name ? ownershipSentence(row.practice_name, row.owner_name) : null,
});

const lineOf = (row: LineRow): BillLine => ({
  lineNo: row.line_no,
  description: row.description,
  quantity: row.quantity,
  unitPricePence: row.unit_price_pence,
  vatRate: row.vat_rate,
  vatPercent: vatRatePercent[row.vat_rate],
  totalPence: row.total_pence,
  petName: row.pet_name,
});

const isoOf = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** An estimate as its page shows it, from its row (read or just answered) and its lines. */
export async function estimateDetailOf(
  deps: Pick<BillsDeps, 'repository'>,
  tx: Executor,
  row: EstimateRow,
  now: Date,
): Promise<EstimateDetail> {
  const lines = await deps.repository.lines(tx, 'estimate', row.id);
  return {
    ...headerOf(row),
    practice: practiceOf(row),
    state: estimateState(
      { status: row.status, answer: row.answer, expiresOn: row.expires_on },
      practiceDate(now),
    ),
    practiceStatus: row.status,
    expiresOn: row.expires_on,
    terms: row.terms,
    revision: row.revision,
    previousTotalPence: row.previous_total_pence,
    // Only while the acceptance stands: a revision that asked again has set it aside.
    agreedTotalPence: row.answer === 'accepted' ? row.agreed_total_pence : null,
    answer: row.answer,
    answeredAt: isoOf(row.answered_at),
    declineReason: row.decline_reason,
    lines: lines.map(lineOf),
  };
}

/** GET /v2/bills/estimates/{estimateId} */
export async function getEstimate(deps: BillsDeps, clientId: number, estimateId: number, now: Date) {
  const row = await deps.repository.estimate(deps.db, clientId, estimateId);
  if (!row) throw notFound(billMessages.estimateNotFound);
  return estimateDetailOf(deps, deps.db, row, now);
}

/** A bill as its page shows it, from its row and its lines. */
async function invoiceDetailOf(
  deps: Pick<BillsDeps, 'repository'>,
  tx: Executor,
  row: InvoiceRow,
): Promise<InvoiceDetail> {
  const lines = await deps.repository.lines(tx, 'invoice', row.id);
  const amounts = { status: row.status, totalPence: row.total_pence, paidPence: row.paid_pence };
  return {
    ...headerOf(row),
    number: row.pms_ref,
    practice: practiceOf(row),
    state: invoiceState(amounts),
    practiceStatus: row.status,
    dueOn: row.due_on,
    paidPence: row.paid_pence,
    duePence: invoiceDuePence(amounts),
    estimateId: row.estimate_id,
    lines: lines.map(lineOf),
    payOnline: false,
  };
}

/** GET /v2/bills/invoices/{invoiceId}; `payOnline`: the group takes payments online (decision 0157). */
export async function getInvoice(deps: BillsDeps, clientId: number, invoiceId: number, payOnline: boolean) {
  const row = await deps.repository.invoice(deps.db, clientId, invoiceId);
  if (!row) throw notFound(billMessages.invoiceNotFound);
  const detail = await invoiceDetailOf(deps, deps.db, row);
  return { ...detail, payOnline: payOnline && detail.duePence > 0 };
}

/**
 * Every estimate and bill of the client, line by line, newest first, for "Download my data" (decision
 * 0153): read through the caller's transaction, so the export stays one consistent picture.
 */
export async function billsForExport(
  deps: Pick<BillsDeps, 'repository'>,
  tx: Executor,
  clientId: number,
  now: Date,
) {
  const ids = await deps.repository.allIds(tx, clientId);
  const estimates: EstimateDetail[] = [];
  const invoices: InvoiceDetail[] = [];
  for (const { kind, id } of ids) {
    if (kind === 'estimate') {
      const row = await deps.repository.estimate(tx, clientId, id);
      if (row) estimates.push(await estimateDetailOf(deps, tx, row, now));
    } else {
      const row = await deps.repository.invoice(tx, clientId, id);
      if (row) invoices.push(await invoiceDetailOf(deps, tx, row));
    }
  }
  const payments = (await deps.repository.payments(tx, clientId)).map((row) => ({
    id: row.id,
    purpose: row.purpose,
    status: row.status,
    amountPence: row.amount_pence,
    description: row.description,
    invoiceId: row.invoice_id,
    providerPaymentId: row.payment_intent_id,
    createdAt: new Date(row.created_at).toISOString(),
    paidAt: row.paid_at === null ? null : new Date(row.paid_at).toISOString(),
  }));
  return { estimates, invoices, payments };
}

/** GET /v2/bills/summary: the estimates waiting for an answer (not expired) and the bills with money due. */
export async function billsSummary(deps: BillsDeps, clientId: number, now: Date): Promise<BillsSummary> {
  const rows = await deps.repository.open(deps.db, clientId);
  const today = practiceDate(now);
  return {
    estimatesToAnswer: rows
      .filter(
        (row) =>
          row.kind === 'estimate' &&
          estimateState({ status: 'proposed', answer: null, expiresOn: row.expires_on }, today) ===
            'needsAnswer',
      )
      .map((row) => ({ id: row.id, title: row.title, totalPence: row.total_pence })),
    unpaidBills: rows
      .filter((row) => row.kind === 'invoice')
      .map((row) => ({
        id: row.id,
        title: row.title,
        duePence: invoiceDuePence({
          status: row.status as InvoiceStatus,
          totalPence: row.total_pence,
          paidPence: row.paid_pence,
        }),
      })),
  };
}
