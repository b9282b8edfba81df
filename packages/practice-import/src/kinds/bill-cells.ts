import {
  lineAmounts,
  maxBillPence,
  quantityDecimals,
  vatRates,
  type VatRate,
} from '@vet/contracts/bill-rules';
import { required, type RowCells } from './cells.ts';
import type { StagedType } from './kind.ts';
import { priceCurrency } from './prices.ts';

/**
 * The cells estimates' and invoices' files share (decision 0151): amounts in pounds and pence as
 * prices.csv writes them, a line's quantity, VAT rate and total, checked to the penny by lineAmounts.
 */

/** The largest quantity of a line: thousandths × pence stay exact in a double (lineAmounts). */
export const maxQuantityThousandths = 9_999_999;

const maxPounds = (maxBillPence / 100).toFixed(2);

export const billReasons = {
  amount: `not an amount in pounds and pence (e.g. 45 or 45.00), up to ${maxPounds}`,
  signedAmount: `not an amount in pounds and pence (e.g. 45.00, or -5.00 for a discount), up to ${maxPounds}`,
  negative: 'negative: only a line’s unit_price (a discount) may be',
  quantity: `not a quantity above 0 with up to ${quantityDecimals} decimals (e.g. 1, 2.5, 0.35), up to 9999.999`,
  vatRate: 'not a VAT rate: 20 or standard, 5 or reduced, 0 or zero, or exempt',
  currency: `not ${priceCurrency}: bills are in pounds sterling only (empty means ${priceCurrency})`,
  vatAboveTotal: 'more than total: VAT is part of the total',
  paidAboveTotal: 'more than total',
  issuedAfterToday: 'after today: a bill or an estimate the practice has issued',
  lineTotal: (expected: number) =>
    `not the line’s total: quantity × unit_price, plus VAT at vat_rate, each rounded to the penny, is ${poundsOf(expected)}`,
} as const;

/** Whole pence as the files write them: 1234 → "12.34", -500 → "-5.00". */
export function poundsOf(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const whole = Math.abs(pence);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

const signedAmountPattern = /^(-)?(\d{1,6})(?:\.(\d{1,2}))?$/;

/** "45", "45.5", "-5.00" to whole pence, up to maxBillPence either way; anything else is 'invalid'. */
export function signedAmountInPence(text: string): number | 'invalid' {
  const match = signedAmountPattern.exec(text);
  if (!match) return 'invalid';
  const pence = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  if (pence > maxBillPence) return 'invalid';
  return match[1] && pence > 0 ? -pence : pence;
}

const quantityPattern = /^(\d{1,4})(?:\.(\d{1,3}))?$/;

/** "2.5" → 2500 thousandths; 0 or more than three decimals is 'invalid'. */
export function quantityInThousandths(text: string): number | 'invalid' {
  const match = quantityPattern.exec(text);
  if (!match) return 'invalid';
  const thousandths = Number(match[1]) * 1000 + Number((match[2] ?? '0').padEnd(3, '0'));
  return thousandths > 0 && thousandths <= maxQuantityThousandths ? thousandths : 'invalid';
}

const vatRateNames: Readonly<Record<string, VatRate>> = {
  ...Object.fromEntries(vatRates.map((rate) => [rate, rate])),
  '20': 'standard',
  '5': 'reduced',
  '0': 'zero',
};

/** An amount cell in whole pence: a negative one refused unless `signed` (a line's unit price). */
export function amountCell(
  cells: RowCells,
  column: string,
  { signed = false, isRequired = true } = {},
): number | null {
  const text = cells.text(column, { required: isRequired });
  if (text === null) return null;
  const pence = signedAmountInPence(text);
  if (pence === 'invalid')
    return cells.refuse(column, signed ? billReasons.signedAmount : billReasons.amount);
  if (pence < 0 && !signed) return cells.refuse(column, billReasons.negative);
  return pence;
}

/** Not staged: only GBP is stored, and the import says so rather than fail there. */
export function currencyCell(cells: RowCells): void {
  const currency = cells.cell('currency');
  if (currency !== null && currency.toUpperCase() !== priceCurrency)
    cells.refuse('currency', billReasons.currency);
}

/** What a record's header stages besides its own reference and status (estimates' and invoices'). */
export const billHeaderStaged = {
  practice_ref: 'text',
  client_ref: 'text',
  clinician_ref: 'text',
  title: 'text',
  issued_on: 'date',
  total_pence: 'integer',
  vat_pence: 'integer',
} as const satisfies Record<string, StagedType>;

/** The header's shared cells, read; total and VAT each in pence, VAT no more than the total. */
export function billHeaderCells(cells: RowCells, today: string) {
  const total = amountCell(cells, 'total');
  const vat = amountCell(cells, 'vat');
  if (total !== null && vat !== null && vat > total) cells.refuse('vat', billReasons.vatAboveTotal);
  currencyCell(cells);
  return {
    practice_ref: cells.text('practice_ref', required),
    client_ref: cells.text('client_ref', required),
    clinician_ref: cells.text('clinician_ref'),
    title: cells.text('title', { maxLength: 200 }),
    issued_on: cells.notAfter(
      'issued_on',
      cells.date('issued_on', required),
      today,
      billReasons.issuedAfterToday,
    ),
    total_pence: total,
    vat_pence: vat,
  };
}

/** A line's staged columns after its record's reference: VAT staged too, for the record's VAT sum. */
export const billLineStaged = {
  line_no: 'integer',
  pet_ref: 'text',
  description: 'text',
  quantity_thousandths: 'integer',
  unit_price_pence: 'integer',
  vat_rate: 'text',
  total_pence: 'integer',
  vat_pence: 'integer',
} as const satisfies Record<string, StagedType>;

/** The line columns after the record's reference, each required but pet_ref (a practice fee names none). */
export const billLineColumns = {
  line_no: true,
  pet_ref: false,
  description: true,
  quantity: true,
  unit_price: true,
  vat_rate: true,
  total: true,
} as const;

/** A line's cells, read; its total must be lineAmounts' to the penny (named with the amount expected). */
export function billLineCells(cells: RowCells) {
  const quantityText = cells.text('quantity', required);
  const quantity = quantityText === null ? 'invalid' : quantityInThousandths(quantityText);
  if (quantityText !== null && quantity === 'invalid') cells.refuse('quantity', billReasons.quantity);
  const unitPrice = amountCell(cells, 'unit_price', { signed: true });
  const rateText = cells.text('vat_rate', required);
  const rate = rateText === null ? undefined : vatRateNames[rateText.toLowerCase()];
  if (rateText !== null && rate === undefined) cells.refuse('vat_rate', billReasons.vatRate);
  const total = amountCell(cells, 'total', { signed: true });
  let vat: number | null = null;
  if (quantity !== 'invalid' && unitPrice !== null && rate !== undefined) {
    const amounts = lineAmounts(quantity, unitPrice, rate);
    vat = amounts.vatPence;
    if (total !== null && total !== amounts.totalPence)
      cells.refuse('total', billReasons.lineTotal(amounts.totalPence));
  }
  return {
    line_no: cells.integer('line_no', { min: 1, max: 32_767 }, required),
    pet_ref: cells.text('pet_ref'),
    description: cells.text('description', { required: true, maxLength: 300 }),
    quantity_thousandths: quantity === 'invalid' ? null : quantity,
    unit_price_pence: unitPrice,
    vat_rate: rate ?? null,
    total_pence: total,
    vat_pence: vat,
  };
}
