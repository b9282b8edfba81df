import type { ClinicianKind } from './types.ts';

export interface ReasonSeed {
  name: string;
  durationMinutes: number;
  clinicianType: ClinicianKind;
  isInitialConsultation?: boolean;
  /** Species names the reason is limited to; none means every species. */
  species?: readonly string[];
}

export const INITIAL_CONSULTATION_REASON = 'New pet initial consultation';

/** In the order clients see them. */
export const APPOINTMENT_REASONS: readonly ReasonSeed[] = [
  { name: 'General consultation', durationMinutes: 15, clinicianType: 'Vet' },
  { name: 'Vaccination', durationMinutes: 15, clinicianType: 'Vet' },
  {
    name: INITIAL_CONSULTATION_REASON,
    durationMinutes: 30,
    clinicianType: 'Vet',
    isInitialConsultation: true,
  },
  { name: 'Dental check', durationMinutes: 15, clinicianType: 'Vet' },
  { name: 'Rabbit health check', durationMinutes: 20, clinicianType: 'Vet', species: ['Rabbit'] },
  { name: 'Nurse clinic', durationMinutes: 20, clinicianType: 'Nurse' },
  { name: 'Nail clip', durationMinutes: 15, clinicianType: 'Nurse' },
  { name: 'Weight clinic', durationMinutes: 15, clinicianType: 'Nurse' },
];
