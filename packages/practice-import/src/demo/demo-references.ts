import { APPOINTMENT_REASONS } from '@vet/db/seed/data/lookups';

/**
 * The practice system's references of the demo group's records: stable, readable strings numbered in the
 * order of the seed's data tables, so the export (and what a demo account sees) reads the same on every
 * machine. Unique per kind, as the design asks of a practice system's references.
 */
const numbered = (prefix: string, digits: number) => (n: number) =>
  `${prefix}-${String(n).padStart(digits, '0')}`;

export const demoRef = {
  practice: numbered('PRAC', 4),
  clinician: numbered('CLIN', 4),
  closure: numbered('CLOS', 4),
  client: numbered('CLI', 6),
  pet: numbered('PET', 6),
  appointment: numbered('APT', 6),
  vaccination: numbered('VAC', 6),
};

/** The demo's appointment reasons by name, each with the reference the practice's system gives it. */
const REASON_REFS: Readonly<Record<string, string>> = {
  'General consultation': 'REASON-CONSULT',
  Vaccination: 'REASON-VACC',
  'New pet initial consultation': 'REASON-INITIAL',
  'Dental check': 'REASON-DENTAL',
  'Rabbit health check': 'REASON-RABBIT',
  'Nurse clinic': 'REASON-NURSE',
  'Nail clip': 'REASON-NAILS',
  'Weight clinic': 'REASON-WEIGHT',
};

/** A reason's reference by its name; a reason the seed has but this table lacks fails loudly. */
export function reasonRef(name: string): string {
  const ref = REASON_REFS[name];
  if (ref === undefined) throw new Error(`No demo reference for the appointment reason ${name}`);
  return ref;
}

/** Every reason of the seed has a reference (checked when the export is written). */
export const demoReasonRefs = (): string[] => APPOINTMENT_REASONS.map((r) => reasonRef(r.name));
