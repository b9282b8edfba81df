import { addDays } from '@vet/contracts/practice-clock';
import type { ExportRow } from '../demo/export-files.ts';
import type { BenchPlan } from './bench-records.ts';
import { benchCounts, benchRef } from './bench-shape.ts';

/**
 * medications.csv at scale (decision 0111): every tenth pet has a long-term medicine, prescribed a month
 * before the anchor Monday, as a group's export of current medicines is a fraction of its pets.
 */
export function* medicationRows({ shape, anchorMonday }: BenchPlan): Generator<ExportRow<'medications.csv'>> {
  const prescribedOn = addDays(anchorMonday, -30);
  for (let n = 10; n <= benchCounts(shape).pets; n += 10) {
    yield {
      medication_ref: `MED-${String(n / 10).padStart(8, '0')}`,
      pet_ref: benchRef.pet(n),
      medicine: 'Metacam oral suspension',
      strength: '1.5 mg/ml',
      dose_instructions: 'Once a day with food',
      category: 'POM-V',
      prescribed_on: prescribedOn,
      clinician_ref: '',
      repeatable: 'true',
      repeats_left: '5',
      review_due: addDays(anchorMonday, 150),
      max_quantity: '2',
      unit: 'bottles',
    };
  }
}
