import type { BillSummary, EstimateState, InvoiceState } from '@vet/contracts/bills';
import { formatPounds } from '@vet/contracts/money';

/**
 * What the owner reads of where an estimate or a bill stands (issue 63, decision 0151), in words, not by
 * colour: the list's rows, the pages' headings and the dashboard share them. Types only from the contract:
 * its zod stays out of the browser (decision 0032).
 */

const estimateStateLabels: Readonly<Record<EstimateState, string>> = {
  needsAnswer: 'Needs your answer',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  superseded: 'Replaced by a newer estimate',
};

export const estimateStateLabel = (state: EstimateState): string => estimateStateLabels[state];

/** "Unpaid £80.00 due", "Part paid £20.00 due", "Paid", "Credited". */
export function invoiceStateLabel(state: InvoiceState, duePence: number): string {
  switch (state) {
    case 'unpaid':
      return `Unpaid ${formatPounds(duePence)} due`;
    case 'partPaid':
      return `Part paid ${formatPounds(duePence)} due`;
    case 'paid':
      return 'Paid';
    case 'credited':
      return 'Credited';
  }
}

export const billStateLabel = (bill: BillSummary): string =>
  bill.kind === 'estimate' ? estimateStateLabel(bill.state) : invoiceStateLabel(bill.state, bill.duePence);

/** What a bill is called when the practice system sent no title. */
export const billTitle = (kind: BillSummary['kind'], title: string | null): string =>
  title ?? (kind === 'estimate' ? 'Estimate' : 'Bill');

/** The page of a row: /bills/estimates/{id} or /bills/invoices/{id}. */
export const billHref = (kind: BillSummary['kind'], id: number): string =>
  `/bills/${kind === 'estimate' ? 'estimates' : 'invoices'}/${id}`;

/** "1" stays "1", "2.500" reads "2.5": the quantity as the practice counted it, without trailing zeros. */
export function quantityText(quantity: string): string {
  return quantity.includes('.') ? quantity.replace(/\.?0+$/, '') : quantity;
}

/** "20%", or "Exempt", for a line's VAT. */
export const vatRateText = (vatRate: string, vatPercent: number): string =>
  vatRate === 'exempt' ? 'Exempt' : `${vatPercent}%`;
