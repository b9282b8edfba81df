/**
 * Estimates and bills (issue 63, decision 0151): the practice system's records of what treatment will
 * cost and what a visit cost, line by line, and the rules every way in and the owner's answer share.
 * No zod here: the pages import it.
 */

/** The practice system's status of an estimate (Provet Cloud's and ezyVet's, in the portal's words). */
export const estimateStatuses = ['proposed', 'accepted', 'declined', 'superseded', 'expired'] as const;
export type EstimateStatus = (typeof estimateStatuses)[number];

/** The practice system's status of an invoice. */
export const invoiceStatuses = ['issued', 'part_paid', 'paid', 'credited'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** The owner's answer to an estimate, given in the portal. */
export const estimateAnswers = ['accepted', 'declined'] as const;
export type EstimateAnswer = (typeof estimateAnswers)[number];

/**
 * The UK's VAT rates a vet's line may carry (HMRC, "VAT rates on different goods and services",
 * https://www.gov.uk/guidance/rates-of-vat-on-different-goods-and-services): standard 20%, reduced 5%,
 * zero 0%, and exempt (no VAT, and not zero-rated: e.g. a pet insurance premium). Any other is refused.
 */
export const vatRates = ['standard', 'reduced', 'zero', 'exempt'] as const;
export type VatRate = (typeof vatRates)[number];
export const vatRatePercent: Readonly<Record<VatRate, number>> = {
  standard: 20,
  reduced: 5,
  zero: 0,
  exempt: 0,
};

/** The most one line's quantity may hold after the point: 2.5 tablets, 0.35 ml. */
export const quantityDecimals = 3;
/** The largest amount of a line or a total: £999,999.99, far above any vet's bill, in whole pence. */
export const maxBillPence = 99_999_999;

/** Half away from zero, to the penny: the rounding HMRC allows per line (VAT Notice 700, 17.5). */
const roundHalfAway = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

/**
 * One line's pence (decision 0151): net = quantity × unit price (VAT exclusive), VAT = net × its rate,
 * each rounded to the penny half away from zero; the line's total is their sum. Quantity in thousandths
 * so that the product is exact in integers.
 */
export function lineAmounts(quantityThousandths: number, unitPricePence: number, rate: VatRate) {
  const net = roundHalfAway((quantityThousandths * unitPricePence) / 1000);
  const vat = roundHalfAway((net * vatRatePercent[rate]) / 100);
  return { netPence: net, vatPence: vat, totalPence: net + vat };
}

/**
 * When a revised estimate asks the owner again: the CMA's remedies want an estimate agreed again when the
 * cost rises by 20% or £500 over the one agreed. The rule lives in the database (migration 0060's
 * trigger, with its dated thresholds in `estimate_revision_thresholds`), so every writer keeps it; these
 * are the thresholds in force since the CMA's final report.
 */
export const firstRevisionThreshold = { effectiveFrom: '2026-03-24', percent: 20, amountPence: 50_000 };

/**
 * Where an estimate stands for its owner: `needsAnswer` (proposed, unanswered, not expired), `accepted`,
 * `declined`, `expired` (past its day unanswered, or so marked by the practice), `superseded`.
 */
export const estimateStates = ['needsAnswer', 'accepted', 'declined', 'expired', 'superseded'] as const;
export type EstimateState = (typeof estimateStates)[number];

/** Where a bill stands: `unpaid` (issued, nothing paid), `partPaid`, `paid`, `credited`. */
export const invoiceStates = ['unpaid', 'partPaid', 'paid', 'credited'] as const;
export type InvoiceState = (typeof invoiceStates)[number];

/**
 * What the owner sees of an estimate (decision 0151) on `today` (YYYY-MM-DD, the practices' clock): one
 * the practice replaced is `superseded` whatever was answered (the answer was to the old one); else the
 * owner's answer; else the practice's status, a proposed one past its `expiresOn` being `expired`.
 */
export function estimateState(
  estimate: { status: EstimateStatus; answer: EstimateAnswer | null; expiresOn: string | null },
  today: string,
): EstimateState {
  if (estimate.status === 'superseded') return 'superseded';
  if (estimate.answer) return estimate.answer;
  if (estimate.status !== 'proposed') return estimate.status;
  return estimate.expiresOn !== null && estimate.expiresOn < today ? 'expired' : 'needsAnswer';
}

/** What is still to pay of a bill: none once credited; never below nothing. */
export function invoiceDuePence(invoice: { status: InvoiceStatus; totalPence: number; paidPence: number }) {
  return invoice.status === 'credited' ? 0 : Math.max(0, invoice.totalPence - invoice.paidPence);
}

/** What the owner sees of a bill: from the practice's status, and from what it says is paid. */
export function invoiceState(invoice: {
  status: InvoiceStatus;
  totalPence: number;
  paidPence: number;
}): InvoiceState {
  if (invoice.status === 'credited') return 'credited';
  if (invoice.status === 'paid' || invoiceDuePence(invoice) === 0) return 'paid';
  if (invoice.status === 'part_paid' || invoice.paidPence > 0) return 'partPaid';
  return 'unpaid';
}
