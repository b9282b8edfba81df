import type { RowCells } from './cells.ts';
import { amountInPence, priceReasons } from './prices.ts';

/**
 * practices.csv's repeat-prescription settings (decision 0111): the review period in months (empty: 12),
 * and the written prescription's fee for the first medicine and each further one, in pounds (empty: none
 * of its own, so the cap in force on the day, decision 0148). A fee above the cap in force today is
 * refused across rows, where the dated caps are read (kind-checks.ts, decision 0142).
 */
export function prescriptionSettingCells(cells: RowCells) {
  return {
    prescription_review_months: cells.integer('prescription_review_months', { min: 1, max: 36 }),
    written_prescription_fee_pence: feeCell(cells, 'written_prescription_fee'),
    written_prescription_further_fee_pence: feeCell(cells, 'written_prescription_further_fee'),
  };
}

function feeCell(cells: RowCells, column: string): number | null {
  const text = cells.text(column);
  if (text === null) return null;
  const pence = amountInPence(text);
  if (pence === 'negative') return cells.refuse(column, priceReasons.negative);
  if (pence === 'invalid') return cells.refuse(column, priceReasons.amount);
  return pence;
}
