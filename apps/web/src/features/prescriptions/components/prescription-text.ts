import { formatPounds } from '@vet/contracts/money';
import type { WrittenPrescriptionFees } from '@vet/contracts/prescription-requests';
import { writtenPrescriptionFeePence } from '@vet/contracts/prescription-rules';

/** "Metacam oral suspension 1.5 mg/ml" */
export const medicineName = (medicine: { medicine: string; strength: string | null }) =>
  medicine.strength ? `${medicine.medicine} ${medicine.strength}` : medicine.medicine;

/**
 * What a written prescription of `count` medicines costs at the practice, said before the client sends
 * (decision 0111): "The practice's fee for a written prescription of 2 medicines is £33.50."
 */
export function writtenFeeText(fees: WrittenPrescriptionFees, count: number): string {
  const medicines = Math.max(count, 1);
  // The fees come capped by the API, at the cap in force today (decision 0142).
  const fee = formatPounds(writtenPrescriptionFeePence(fees, fees, medicines));
  const of = medicines === 1 ? '1 medicine' : `${medicines} medicines`;
  return `The practice’s fee for a written prescription of ${of} is ${fee}.`;
}
