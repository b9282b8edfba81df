import { formatPounds } from '@vet/contracts/money';
import { writtenPrescriptionCapPence } from '@vet/contracts/prescription-rules';
import type { RowCells } from './cells.ts';
import { amountInPence, priceReasons } from './prices.ts';

export const prescriptionSettingReasons = {
  aboveCap: (cap: number) =>
    `above ${formatPounds(cap)}, the cap on a written prescription's fee (decision 0111): charge at most the cap`,
} as const;

/**
 * practices.csv's repeat-prescription settings (decision 0111): the review period in months (empty: 12),
 * and the written prescription's fee for the first medicine and each further one, in pounds, at most the
 * CMA's cap (empty: the cap). Null is the portal's default.
 */
export function prescriptionSettingCells(cells: RowCells) {
  return {
    prescription_review_months: cells.integer('prescription_review_months', { min: 1, max: 36 }),
    written_prescription_fee_pence: feeCell(
      cells,
      'written_prescription_fee',
      writtenPrescriptionCapPence.first,
    ),
    written_prescription_further_fee_pence: feeCell(
      cells,
      'written_prescription_further_fee',
      writtenPrescriptionCapPence.further,
    ),
  };
}

function feeCell(cells: RowCells, column: string, capPence: number): number | null {
  const text = cells.text(column);
  if (text === null) return null;
  const pence = amountInPence(text);
  if (pence === 'negative') return cells.refuse(column, priceReasons.negative);
  if (pence === 'invalid') return cells.refuse(column, priceReasons.amount);
  if (pence > capPence) return cells.refuse(column, prescriptionSettingReasons.aboveCap(capPence));
  return pence;
}
