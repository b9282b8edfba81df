import type { AppointmentSummary } from '@vet/contracts/appointments';

/**
 * What Cancel cancels: one appointment, or the whole visit it is part of (decision 0117), named by its
 * pets.
 */
export type CancelTarget = AppointmentSummary & { visit?: { visitId: string; petNames: string } };
