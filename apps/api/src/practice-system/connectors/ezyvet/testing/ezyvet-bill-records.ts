/** What every ezyVet record carries: its id, whether active, and when it was made and changed. */
export interface Stamped {
  id: number;
  active: boolean;
  created_at: number;
  modified_at: number;
}

/**
 * The stand-in's estimates, invoices and invoice lines (decision 0155).
 *
 * Source: https://developers.ezyvet.com/openapi/billing-and-payments.json lists the scopes read-estimate,
 * read-invoice, read-invoiceline (and write-invoice, write-invoiceline; no write-estimate). The records'
 * fields are not in what we could read: every field below is ASSUMED, as the connection reads them
 * (ezyvet-bills.ts), amounts as productpricing's are (decimal text, `price` net of tax, `tax_rate` a
 * percent); `status` of an estimate takes ezyVet's documented statuses
 * (https://docs.ezyvet.com/en/browse-documentation/ezyvet/invoicing/estimates/estimate-statuses). An
 * estimate's lines are assumed to come within it (`items`): no estimate-line scope is listed.
 */
export interface BillLine {
  animal_id: number | null;
  name: string;
  quantity: string;
  price: string;
  tax_rate: string;
  total: string;
}

export const estimateStatuses = [
  'Created',
  'Pending Approval',
  'Approved',
  'Sent',
  'Accepted',
  'Rejected',
  'Requote',
] as const;

export interface Estimate extends Stamped {
  contact_id: number;
  name: string | null;
  date: number;
  expiry_date: number | null;
  status: (typeof estimateStatuses)[number];
  total: string;
  total_tax: string;
  items: BillLine[];
}

export interface Invoice extends Stamped {
  invoice_number: string;
  contact_id: number;
  date: number;
  due_date: number | null;
  total: string;
  total_tax: string;
  amount_paid: string;
}

export interface InvoiceLine extends Stamped, BillLine {
  invoice_id: number;
}
