import type { AppointmentSummary } from '@vet/contracts/appointments';

/**
 * What Cancel cancels: one appointment, the whole visit it is part of (decision 0117), named by its pets,
 * or one pet's appointment taken out of its visit (`removeFrom`: the pets that stay, at their times).
 */
export type CancelTarget = AppointmentSummary & {
  visit?: { visitId: string; petNames: string };
  removeFrom?: { otherPets: readonly string[] };
};
