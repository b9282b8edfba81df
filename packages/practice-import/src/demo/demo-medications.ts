import { addDays } from '@vet/contracts/practice-clock';
import { DEMO_CLIENTS } from '@vet/db/seed/data/demo-clients';
import { clinicianKey, DEMO_PRACTICES } from '@vet/db/seed/data/practices';
import { petRefOf, type NumberedPet } from './demo-client-tables.ts';
import { refOf, type PracticeRefs } from './demo-practice-tables.ts';
import { yesNo, type ExportRow } from './export-files.ts';

interface DemoMedicine {
  pet: string;
  medicine: string;
  strength: string;
  dose: string;
  category: 'POM-V' | 'POM-VPS' | 'AVM-GSL';
  /** Days before the anchor Monday it was prescribed. */
  prescribedDaysAgo: number;
  repeatable?: boolean;
  repeatsLeft?: number;
  /** Days from the anchor Monday the vet wants to review it (negative: past). */
  reviewInDays?: number;
  maxQuantity: number;
  unit: string;
}

/**
 * Decision 0111: the first demo account's pets' current medicines, one of each kind a client meets:
 * Bramble's two that may be repeated (one to collect or as a written prescription), one past its review
 * date (a booking offered) and a course not to repeat; Pickle's with no repeats left, and a wormer sold
 * without prescription.
 */
const DEMO_MEDICINES: readonly DemoMedicine[] = [
  {
    pet: 'Bramble',
    medicine: 'Metacam oral suspension for dogs',
    strength: '1.5 mg/ml',
    dose: '2.5 ml once a day with food',
    category: 'POM-V',
    prescribedDaysAgo: 60,
    repeatsLeft: 3,
    reviewInDays: 120,
    maxQuantity: 2,
    unit: '100 ml bottles',
  },
  {
    pet: 'Bramble',
    medicine: 'Yumove Advance joint supplement',
    strength: '',
    dose: 'Two tablets a day',
    category: 'AVM-GSL',
    prescribedDaysAgo: 60,
    maxQuantity: 3,
    unit: 'tubs of 120 tablets',
  },
  {
    pet: 'Bramble',
    medicine: 'Apoquel film-coated tablets',
    strength: '16 mg',
    dose: 'One tablet a day',
    category: 'POM-V',
    prescribedDaysAgo: 200,
    repeatsLeft: 2,
    reviewInDays: -10,
    maxQuantity: 1,
    unit: 'pack of 100 tablets',
  },
  {
    pet: 'Bramble',
    medicine: 'Synulox palatable tablets',
    strength: '250 mg',
    dose: 'One tablet twice a day for 7 days',
    category: 'POM-V',
    prescribedDaysAgo: 118,
    repeatable: false,
    maxQuantity: 1,
    unit: 'pack of 14 tablets',
  },
  {
    pet: 'Pickle',
    medicine: 'Felimazole coated tablets',
    strength: '2.5 mg',
    dose: 'One tablet twice a day',
    category: 'POM-V',
    prescribedDaysAgo: 43,
    repeatsLeft: 0,
    maxQuantity: 2,
    unit: 'tubs of 100 tablets',
  },
];

/** The medicines as medications.csv rows, prescribed by the first vet of the client's practice. */
export function medicationRows(
  refs: PracticeRefs,
  pets: readonly NumberedPet[],
  today: string,
): ExportRow<'medications.csv'>[] {
  const owner = DEMO_CLIENTS[0]!;
  const practice = DEMO_PRACTICES.find((p) => p.name === owner.practice);
  const vet = practice?.clinicians.find((c) => c.type === 'Vet');
  if (!practice || !vet) throw new Error('The first demo client’s practice has a vet');
  const clinicianRef = refOf(refs.clinicians, clinicianKey(practice.name, vet));
  return DEMO_MEDICINES.map((m, i) => ({
    medication_ref: `MED-${String(i + 1).padStart(6, '0')}`,
    pet_ref: petRefOf(pets, 0, m.pet),
    medicine: m.medicine,
    strength: m.strength,
    dose_instructions: m.dose,
    category: m.category,
    prescribed_on: addDays(today, -m.prescribedDaysAgo),
    clinician_ref: clinicianRef,
    repeatable: yesNo(m.repeatable ?? true),
    repeats_left: m.repeatsLeft === undefined ? '' : String(m.repeatsLeft),
    review_due: m.reviewInDays === undefined ? '' : addDays(today, m.reviewInDays),
    max_quantity: String(m.maxQuantity),
    unit: m.unit,
  }));
}
