import { practiceDate } from '@vet/contracts/practice-clock';
import { z } from 'zod';
import {
  amountText,
  billReasons,
  emptyBillRows,
  invoiceStatusOf,
  quantityText,
  vatRateOf,
  type BillRow,
  type BillRows,
  type Reasons,
} from '../bill-rows.ts';
import type { RefusedRead } from '../vendor-port.ts';

/**
 * ezyVet's estimates and invoices as the import's rows (issue 63, decision 0155).
 *
 * Documented: the Billing and Payments API (https://developers.ezyvet.com/openapi/billing-and-payments.json)
 * has the scopes read-estimate, read-invoice, read-invoiceline, read-taxrate, write-invoice and
 * write-invoiceline: estimates, invoices and invoice lines are read; there is no write-estimate scope, so
 * an estimate's status cannot be set through the API (ezyvet-estimate-answers.ts writes the owner's
 * answer as a communication instead). An estimate's statuses are ezyVet's (Created, Pending Approval,
 * Approved, Sent, Accepted, Rejected, Requote:
 * https://docs.ezyvet.com/en/browse-documentation/ezyvet/invoicing/estimates/estimate-statuses; ezyVet
 * never changes them by itself).
 *
 * GUESSES (the published schema's fields were not readable to us; each marked, each to confirm on the
 * sandbox as decision 0107 asks): the field names below, and that an estimate carries its lines as
 * `items` (no estimate-line scope is listed). Amounts are read as productpricing's are: `price` net of tax
 * and `tax_rate` a percent (ezyvet-prices.ts); `total` VAT inclusive, `total_tax` the VAT.
 */

const id = z.coerce.number().int();
const epoch = z.coerce.number();
const decimal = z.union([z.number(), z.string()]);
const flag = z
  .union([z.boolean(), z.literal(['1', '0', 1, 0])])
  .transform((value) => value === true || value === '1' || value === 1);
const stamped = { id, active: flag, modified_at: epoch };

/** GUESS: an estimate's and an invoice's line. */
const lineFields = {
  animal_id: id.nullish(),
  name: z.string(),
  quantity: decimal,
  price: decimal,
  tax_rate: decimal,
  total: decimal,
};

/** GUESS: /v1/estimate's record (read-estimate is documented; the fields are not read by us). */
export const estimateSchema = z.looseObject({
  ...stamped,
  contact_id: id,
  name: z.string().nullish(),
  date: epoch,
  expiry_date: epoch.nullish(),
  status: z.string(),
  total: decimal,
  total_tax: decimal,
  items: z.array(z.looseObject(lineFields)),
});
export type EzyvetEstimate = z.infer<typeof estimateSchema>;

/** GUESS: /v1/invoice's record (read-invoice is documented). */
export const invoiceSchema = z.looseObject({
  ...stamped,
  invoice_number: z.coerce.string().nullish(),
  contact_id: id,
  date: epoch,
  due_date: epoch.nullish(),
  total: decimal,
  total_tax: decimal,
  amount_paid: decimal.nullish(),
});
export type EzyvetInvoice = z.infer<typeof invoiceSchema>;

/** GUESS: /v1/invoiceline's record (read-invoiceline is documented), its invoice by `invoice_id`. */
export const invoiceLineSchema = z.looseObject({ ...stamped, invoice_id: id, ...lineFields });
export type EzyvetInvoiceLine = z.infer<typeof invoiceLineSchema>;

/**
 * ezyVet's estimate statuses in the portal's words. Created and Pending Approval are the practice's
 * drafts, not yet for the owner: left out (null), neither applied nor refused. Requote: a new quote
 * replaces it. Any other text is refused, counted.
 */
const estimateStatusOf: Readonly<Record<string, string | null>> = {
  created: null,
  'pending approval': null,
  approved: 'proposed',
  sent: 'proposed',
  accepted: 'accepted',
  rejected: 'declined',
  requote: 'superseded',
};

const day = (seconds: number) => practiceDate(new Date(seconds * 1000));

type Line = z.infer<z.ZodObject<typeof lineFields>>;

/** One line's row, or the reasons it cannot be one (the field and the rule, never the value). */
function lineRow(line: Line, lineNo: number, parent: Record<string, string>): BillRow | Reasons {
  const reasons: { path: string; message: string }[] = [];
  const quantity = quantityText(line.quantity);
  const unitPrice = amountText(line.price);
  const vatRate = vatRateOf(line.tax_rate);
  const total = amountText(line.total);
  if (quantity === null || Number(quantity) <= 0)
    reasons.push({ path: `items[${lineNo - 1}].quantity`, message: billReasons.quantity });
  if (unitPrice === null) reasons.push({ path: `items[${lineNo - 1}].price`, message: billReasons.amount });
  if (vatRate === null) reasons.push({ path: `items[${lineNo - 1}].tax_rate`, message: billReasons.vatRate });
  if (total === null) reasons.push({ path: `items[${lineNo - 1}].total`, message: billReasons.amount });
  if (reasons.length > 0) return reasons;
  return {
    ...parent,
    line_no: String(lineNo),
    pet_ref: line.animal_id ? String(line.animal_id) : '',
    description: line.name,
    quantity: quantity!,
    unit_price: unitPrice!,
    vat_rate: vatRate!,
    total: total!,
  };
}

/** A record's header amounts, or the reasons they are none. */
function totals(record: { total: number | string; total_tax: number | string }) {
  const total = amountText(record.total);
  const vat = amountText(record.total_tax);
  const reasons = [
    ...(total === null ? [{ path: 'total', message: billReasons.amount }] : []),
    ...(vat === null ? [{ path: 'total_tax', message: billReasons.amount }] : []),
  ];
  return { total: total ?? '', vat: vat ?? '', reasons };
}

/** Lines in their order, each numbered from 1; any line refused refuses its whole record. */
function linesOf(lines: readonly Line[], parent: Record<string, string>) {
  const rows: BillRow[] = [];
  const reasons: { path: string; message: string }[] = [];
  lines.forEach((line, index) => {
    const row = lineRow(line, index + 1, parent);
    if (Array.isArray(row)) reasons.push(...row);
    else rows.push(row);
  });
  return { rows, reasons };
}

/** Estimates as estimates.csv and estimate_lines.csv rows; the refused, counted; drafts left out. */
export function ezyvetEstimateRows(estimates: readonly EzyvetEstimate[], practiceRef: string) {
  const rows = emptyBillRows();
  const refused: RefusedRead[] = [];
  for (const estimate of estimates) {
    const ref = String(estimate.id);
    const key = estimate.status.trim().toLowerCase();
    if (!(key in estimateStatusOf)) {
      refused.push({ ref, reasons: [{ path: 'status', message: 'is no estimate status ezyVet documents' }] });
      continue;
    }
    const status = estimateStatusOf[key];
    if (status === null || status === undefined) continue;
    const amounts = totals(estimate);
    const lines = linesOf(estimate.items, { estimate_ref: ref });
    if (amounts.reasons.length + lines.reasons.length > 0) {
      refused.push({ ref, reasons: [...amounts.reasons, ...lines.reasons] });
      continue;
    }
    rows['estimates.csv'].push({
      estimate_ref: ref,
      practice_ref: practiceRef,
      client_ref: String(estimate.contact_id),
      title: estimate.name ?? '',
      issued_on: day(estimate.date),
      expires_on: estimate.expiry_date ? day(estimate.expiry_date) : '',
      status,
      currency: 'GBP',
      total: amounts.total,
      vat: amounts.vat,
    });
    rows['estimate_lines.csv'].push(...lines.rows);
  }
  return { rows, refused };
}

/** Invoices and their lines as invoices.csv and invoice_lines.csv rows; the refused, counted. */
export function ezyvetInvoiceRows(
  invoices: readonly EzyvetInvoice[],
  lines: readonly EzyvetInvoiceLine[],
  practiceRef: string,
): { rows: BillRows; refused: RefusedRead[] } {
  const rows = emptyBillRows();
  const refused: RefusedRead[] = [];
  for (const invoice of invoices) {
    const ref = String(invoice.id);
    const own = lines.filter((line) => line.invoice_id === invoice.id).sort((a, b) => a.id - b.id);
    const amounts = totals(invoice);
    const paid = amountText(invoice.amount_paid ?? 0);
    const mapped = linesOf(own, { invoice_ref: ref });
    const reasons = [
      ...amounts.reasons,
      ...(paid === null ? [{ path: 'amount_paid', message: billReasons.amount }] : []),
      ...mapped.reasons,
    ];
    if (reasons.length > 0) {
      refused.push({ ref, reasons });
      continue;
    }
    rows['invoices.csv'].push({
      invoice_ref: ref,
      practice_ref: practiceRef,
      client_ref: String(invoice.contact_id),
      title: invoice.invoice_number ? `Invoice ${invoice.invoice_number}` : '',
      issued_on: day(invoice.date),
      due_on: invoice.due_date ? day(invoice.due_date) : '',
      status: invoiceStatusOf(amounts.total, paid!),
      currency: 'GBP',
      total: amounts.total,
      vat: amounts.vat,
      amount_paid: paid!,
    });
    rows['invoice_lines.csv'].push(...mapped.rows);
  }
  return { rows, refused };
}
