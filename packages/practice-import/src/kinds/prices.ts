import { priceBands } from '@vet/contracts/practice-prices';
import { RowCells, required } from './cells.ts';
import { columnsOf } from './columns.ts';
import type { RecordKind } from './kind.ts';

/** The one currency the portal shows (decision 0104): prices are in pounds sterling. */
export const priceCurrency = 'GBP';

/** The largest "from" price: £99,999.99, far above any consultation, in whole pence. */
export const maxAmountPence = 9_999_999;

export const priceReasons = {
  amount: 'not an amount in pounds and pence (e.g. 45 or 45.00), up to 99999.99',
  negative: 'negative: a price is 0.00 or more',
  currency: `not ${priceCurrency}: the portal shows prices in pounds sterling only (empty means ${priceCurrency})`,
  band: `not a band of the price list: one of ${priceBands.join(', ')}, or empty for every animal`,
  subject:
    'give either reason_ref (the appointment reason it prices) or service (a common service), not both',
} as const;

const amountPattern = /^(-)?(\d{1,7})(?:\.(\d{1,2}))?$/;

/**
 * Pounds and pence as written ("45", "45.5", "45.00") to whole pence; a minus sign is refused as
 * negative, anything else not an amount (a "£" or a thousands comma included: the column is a number).
 */
export function amountInPence(text: string): number | 'negative' | 'invalid' {
  const match = amountPattern.exec(text);
  if (!match) return 'invalid';
  const pence = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  if (match[1] && pence > 0) return 'negative';
  return pence > maxAmountPence ? 'invalid' : pence;
}

/**
 * prices.csv: a practice's "from" price of an appointment reason (reason_ref) or of a common service
 * (service), for every animal or one band of the CMA's list (band), from a day on. The price in force is
 * the latest effective on or before today, band by band.
 */
export const prices: RecordKind = {
  file: 'prices.csv',
  columns: columnsOf({
    price_ref: true,
    practice_ref: true,
    reason_ref: false,
    service: false,
    amount: true,
    currency: false,
    includes: false,
    band: false,
    effective_from: true,
  }),
  refColumn: 'price_ref',
  references: [
    { column: 'practice_ref', file: 'practices.csv' },
    { column: 'reason_ref', file: 'appointment_reasons.csv', optional: true },
  ],
  staged: {
    price_ref: 'text',
    practice_ref: 'text',
    reason_ref: 'text',
    service: 'text',
    amount_pence: 'integer',
    includes: 'text',
    band: 'text',
    effective_from: 'date',
  },
  parse(row) {
    const cells = new RowCells(row);
    const reasonRef = cells.text('reason_ref');
    const service = cells.text('service', { maxLength: 120 });
    if ((reasonRef === null) === (service === null) && cells.refusals.length === 0)
      cells.refuse(null, priceReasons.subject);
    const currency = cells.cell('currency');
    // Not staged: only GBP is stored, and the import says so rather than fail there.
    if (currency !== null && currency.toUpperCase() !== priceCurrency)
      cells.refuse('currency', priceReasons.currency);
    return cells.result({
      price_ref: cells.text('price_ref', required),
      practice_ref: cells.text('practice_ref', required),
      reason_ref: reasonRef,
      service,
      amount_pence: amountCell(cells),
      includes: cells.text('includes', { maxLength: 300 }),
      band: bandCell(cells),
      effective_from: cells.date('effective_from', required),
    });
  },
};

function amountCell(cells: RowCells): number | null {
  const text = cells.text('amount', required);
  if (text === null) return null;
  const pence = amountInPence(text);
  if (pence === 'negative') return cells.refuse('amount', priceReasons.negative);
  if (pence === 'invalid') return cells.refuse('amount', priceReasons.amount);
  return pence;
}

function bandCell(cells: RowCells): string | null {
  const band = cells.text('band');
  if (band === null) return null;
  const known = priceBands.find((candidate) => candidate === band.toLowerCase());
  return known ?? cells.refuse('band', priceReasons.band);
}
