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

import { provetIdOf } from './provet-shapes.ts';

/**
 * Provet Cloud's invoices as the import's rows (issue 63, decision 0155).
 *
 * Documented (https://developers.provetcloud.com/restapi/howto_billing.html): invoices are made by Provet
 * itself (a finalized consultation, a counter sale) and the REST API "cannot create invoices"; it reads
 * them at /api/0.1/invoice/, filtered by `modified__gte` ("use for delta sync"), `status__is`,
 * `client__is`, `department__is`, `credit_note__is`, `countersale__is`; statuses 0 Draft, 1 Sent, 2 Open,
 * 3 Finalized, 4 Invoicing, 99 Voided. The number shown is `invoice_prefix` + "-" + `invoice_number`
 * (https://developers.provetcloud.com/restapi/howto_erp_accounting.html), null on a draft.
 * Not documented: any estimate endpoint. Provet's treatment estimates live in the application
 * (https://ticketportal.provetcloud.com/en/articles/585227-creating-a-treatment-estimate-for-a-consultation)
 * but its REST API guides name no estimate resource, so Provet's estimates come by the integration API.
 *
 * GUESSES (each to confirm on a sandbox): the invoice's amount fields (`total_with_vat`, `total_vat`,
 * `paid_amount`), `due_date` and `currency`; the rows' endpoint `invoicerow/` (named in the endpoint
 * list, https://developers.provetcloud.com/restapi/0.1/, its fields not read by us) and its fields
 * (`invoice`, `patient`, `name`, `quantity`, `unit_price` net of VAT, `vat_percentage`, `total_with_vat`).
 */

export interface ProvetInvoice {
  id: number;
  modified: string;
  status: number;
  invoice_number: number | null;
  invoice_prefix: string | null;
  client: string | null;
  department: string;
  invoice_date: string | null;
  due_date?: string | null;
  credit_note?: boolean;
  currency?: string | null;
  total_with_vat: string | number;
  total_vat: string | number;
  paid_amount?: string | number | null;
}

export interface ProvetInvoiceRow {
  id: number;
  invoice: string;
  patient: string | null;
  name: string;
  quantity: string | number;
  unit_price: string | number;
  vat_percentage: string | number;
  total_with_vat: string | number;
}

/** Draft (0): not issued yet, left out. Voided (99): taken back, as a deletion. */
export const provetInvoiceStatuses = { draft: 0, voided: 99 } as const;

/** What one invoice becomes: rows, a deletion, a refusal, or nothing (a draft, a credit note, no client). */
export type InvoiceRead = 'deleted' | 'left-out' | Reasons | { invoice: BillRow; lines: BillRow[] };

function lineRow(row: ProvetInvoiceRow, lineNo: number, invoiceRef: string): BillRow | Reasons {
  const at = `rows[${lineNo - 1}]`;
  const quantity = quantityText(row.quantity);
  const unitPrice = amountText(row.unit_price);
  const vatRate = vatRateOf(row.vat_percentage);
  const total = amountText(row.total_with_vat);
  const reasons = [
    ...(quantity === null || Number(quantity) <= 0
      ? [{ path: `${at}.quantity`, message: billReasons.quantity }]
      : []),
    ...(unitPrice === null ? [{ path: `${at}.unit_price`, message: billReasons.amount }] : []),
    ...(vatRate === null ? [{ path: `${at}.vat_percentage`, message: billReasons.vatRate }] : []),
    ...(total === null ? [{ path: `${at}.total_with_vat`, message: billReasons.amount }] : []),
  ];
  if (reasons.length > 0) return reasons;
  return {
    invoice_ref: invoiceRef,
    line_no: String(lineNo),
    pet_ref: provetIdOf(row.patient) ?? '',
    description: row.name,
    quantity: quantity!,
    unit_price: unitPrice!,
    vat_rate: vatRate!,
    total: total!,
  };
}

/** One invoice with its rows (those naming it, in id order) as rows, or why it is none. */
export function provetInvoiceRead(
  invoice: ProvetInvoice,
  rows: readonly ProvetInvoiceRow[],
  practiceRef: string,
): InvoiceRead {
  if (invoice.status === provetInvoiceStatuses.voided) return 'deleted';
  // A credit note is its own record in Provet: read as the original's "credited" only once documented.
  if (invoice.status === provetInvoiceStatuses.draft || invoice.credit_note) return 'left-out';
  const clientRef = provetIdOf(invoice.client);
  // A counter sale to no client is no client's bill.
  if (clientRef === null || !invoice.invoice_date) return 'left-out';
  const ref = String(invoice.id);
  const total = amountText(invoice.total_with_vat);
  const vat = amountText(invoice.total_vat);
  const paid = amountText(invoice.paid_amount ?? 0);
  const reasons: { path: string; message: string }[] = [
    ...(total === null ? [{ path: 'total_with_vat', message: billReasons.amount }] : []),
    ...(vat === null ? [{ path: 'total_vat', message: billReasons.amount }] : []),
    ...(paid === null ? [{ path: 'paid_amount', message: billReasons.amount }] : []),
    ...(invoice.currency && invoice.currency !== 'GBP'
      ? [{ path: 'currency', message: billReasons.currency }]
      : []),
  ];
  const own = rows
    .filter((row) => provetIdOf(row.invoice) === ref)
    .sort((a, b) => a.id - b.id)
    .map((row, index) => lineRow(row, index + 1, ref));
  const lines: BillRow[] = [];
  for (const line of own) {
    if (Array.isArray(line)) reasons.push(...line);
    else lines.push(line);
  }
  if (reasons.length > 0) return reasons;
  const number =
    invoice.invoice_number === null
      ? null
      : [invoice.invoice_prefix, invoice.invoice_number].filter(Boolean).join('-');
  return {
    invoice: {
      invoice_ref: ref,
      practice_ref: practiceRef,
      client_ref: clientRef,
      title: number ? `Invoice ${number}` : '',
      issued_on: invoice.invoice_date.slice(0, 10),
      due_on: invoice.due_date ? invoice.due_date.slice(0, 10) : '',
      status: invoiceStatusOf(total!, paid!),
      currency: 'GBP',
      total: total!,
      vat: vat!,
      amount_paid: paid!,
    },
    lines,
  };
}

/** A page of invoices as rows, their deletions and refusals. */
export function provetInvoiceRows(
  invoices: readonly ProvetInvoice[],
  rows: readonly ProvetInvoiceRow[],
  practiceRef: string,
): { rows: BillRows; deleted: string[]; refused: RefusedRead[] } {
  const out = emptyBillRows();
  const deleted: string[] = [];
  const refused: RefusedRead[] = [];
  for (const invoice of invoices) {
    const read = provetInvoiceRead(invoice, rows, practiceRef);
    if (read === 'left-out') continue;
    if (read === 'deleted') deleted.push(String(invoice.id));
    else if (Array.isArray(read)) refused.push({ ref: String(invoice.id), reasons: read });
    else {
      out['invoices.csv'].push(read.invoice);
      out['invoice_lines.csv'].push(...read.lines);
    }
  }
  return { rows: out, deleted, refused };
}
