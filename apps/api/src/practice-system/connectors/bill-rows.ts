import { quantityDecimals, vatRatePercent, vatRates, type VatRate } from '@vet/contracts/bill-rules';
import type { ReadPage, ReadRecord, RefusedRead } from './vendor-port.ts';

/**
 * Estimates and invoices as a connector reads them (issue 63, decisions 0151 and 0155): the rows of the
 * import's four files, by their fixed column names, values as the files write them ("45.00", "2.5",
 * "standard"). The import kinds and the integration API's `estimates` / `invoices` kinds are built beside
 * this, so a connection's bill reads answer these rows and `billPage` turns them into a page of the
 * integration API's bodies (a record with its lines as child rows, as a clinician carries `rota_shifts`),
 * which apply-read.ts applies as any kind.
 */

export const billFiles = [
  'estimates.csv',
  'estimate_lines.csv',
  'invoices.csv',
  'invoice_lines.csv',
] as const;
export type BillFile = (typeof billFiles)[number];
export type BillRow = Record<string, string>;
export type BillRows = Record<BillFile, BillRow[]>;
export type BillKind = 'estimates' | 'invoices';

/** One page of a kind's estimates or invoices, as ReadPage has its records. */
export interface BillPage {
  rows: BillRows;
  /** References the system reports deleted or voided since the cursor. */
  deleted: readonly string[];
  cursor: string;
  more: boolean;
  /** Records read but not mapped (an unknown VAT rate, a currency other than GBP): counted, never applied. */
  refused: RefusedRead[];
}

export const emptyBillRows = (): BillRows => ({
  'estimates.csv': [],
  'estimate_lines.csv': [],
  'invoices.csv': [],
  'invoice_lines.csv': [],
});

const parentOf = {
  estimates: {
    file: 'estimates.csv',
    lines: 'estimate_lines.csv',
    ref: 'estimate_ref',
    child: 'estimate_lines',
  },
  invoices: { file: 'invoices.csv', lines: 'invoice_lines.csv', ref: 'invoice_ref', child: 'invoice_lines' },
} as const;

/** The integration API's bodies: each record with its lines (without the parent's reference) as child rows. */
export function billRecords(kind: BillKind, rows: BillRows): ReadRecord[] {
  const { file, lines, ref, child } = parentOf[kind];
  const byParent = new Map<string, Record<string, string>[]>();
  for (const line of rows[lines]) {
    const { [ref]: parent, ...rest } = line;
    if (parent === undefined) continue;
    byParent.set(parent, [...(byParent.get(parent) ?? []), rest]);
  }
  return rows[file].map((row) => ({
    ref: row[ref]!,
    body: { ...row, [child]: byParent.get(row[ref]!) ?? [] },
  }));
}

/**
 * A vendor's decimal amount (a number, or text like "12.5") as the files write pounds and pence ("12.50"),
 * or null when it is no amount or has more than two places (a fraction of a penny is not guessed at).
 * Negative kept: a discount's unit price may be (the import refuses it where it may not).
 */
export function amountText(value: number | string | null | undefined): string | null {
  const parts = decimalParts(value, 2);
  if (parts === null) return null;
  const pence = Number(parts.whole) * 100 + Number(parts.fraction.padEnd(2, '0'));
  if (pence === 0) return '0.00';
  return `${parts.sign}${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
}

/** A quantity as the files take it (up to three places), or null beyond: 2.5 tablets, 0.35 ml. */
export function quantityText(value: number | string | null | undefined): string | null {
  const parts = decimalParts(value, quantityDecimals);
  if (parts === null || parts.sign) return null;
  const whole = String(Number(parts.whole));
  return parts.fraction ? `${whole}.${parts.fraction}` : whole;
}

/** A decimal's sign, whole part and fraction without trailing zeros; null past `places` or not one. */
function decimalParts(value: number | string | null | undefined, places: number) {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(-)?(\d{1,9})(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  return fraction.length > places ? null : { sign: match[1] ?? '', whole: match[2]!, fraction };
}

/**
 * A vendor's tax rate in percent as one of HMRC's rates, or null for any other (refused by the caller,
 * counted). 0% is read as zero-rated: neither vendor's documents we read mark an exempt line apart, so an
 * exempt supply arrives as zero (a guess, marked in the READMEs: both give the same pence).
 */
export function vatRateOf(percent: number | string | null | undefined): VatRate | null {
  if (percent === null || percent === undefined || percent === '') return null;
  const value = Number(percent);
  if (!Number.isFinite(value)) return null;
  return vatRates.find((rate) => rate !== 'exempt' && vatRatePercent[rate] === value) ?? null;
}

export const billReasons = {
  vatRate: 'is a tax rate that is none of HMRC’s (20, 5, 0): the line is left out with its record',
  amount: 'is not an amount in pounds and pence',
  quantity: 'is not a quantity above zero with at most three decimals',
  currency: 'is a currency other than GBP',
} as const;

/** A page of bills as the layer reads a kind's page: each record with its lines. */
export function billPage(kind: BillKind, page: BillPage): ReadPage {
  const { rows, refused, ...rest } = page;
  return { ...rest, records: billRecords(kind, rows), ...(refused.length > 0 ? { refused } : {}) };
}

/** A mapped record's refusals, field by field (RefusedRead's reasons). */
export type Reasons = { path: string; message: string }[];

/**
 * An invoice's status from what was paid, as both vendors' reads give it (neither documents a status the
 * portal's words map from): nothing paid is issued, part of it part paid, all of it paid. A credited
 * invoice comes by the integration API.
 */
export function invoiceStatusOf(totalText: string, paidText: string): 'issued' | 'part_paid' | 'paid' {
  const [total, paid] = [totalText, paidText].map((text) => Math.round(Number(text) * 100));
  if (paid! <= 0) return 'issued';
  return paid! >= total! ? 'paid' : 'part_paid';
}
