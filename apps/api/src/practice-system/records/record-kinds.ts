import type { PracticeRecordKind } from '@vet/contracts/integration-records';
import type { KindFile } from '@vet/practice-import/kinds/kind';

/**
 * The integration API's kinds of record (decision 0065): each one's import file (its fields and rules),
 * what it is called, and what deactivating it means. Appointments are the practice-bookings module's.
 */
export interface ApiRecordKind {
  file: KindFile;
  /** What one record is called: "client", "appointment reason". */
  noun: string;
  /** The same, for the OpenAPI operation ids: `putClient`, `putClientBatch`, `deactivateClient`. */
  operationName: string;
  /** What POST …/deactivate does to it, for the OpenAPI document. */
  deactivation: string;
}

export const apiRecordKinds: Record<PracticeRecordKind, ApiRecordKind> = {
  practices: {
    file: 'practices.csv',
    noun: 'practice',
    operationName: 'Practice',
    deactivation:
      'No longer listed online (listed_online false): no longer offered to new clients and guests, and its times are no longer searched.',
  },
  clinicians: {
    file: 'clinicians.csv',
    noun: 'clinician',
    operationName: 'Clinician',
    deactivation: 'Inactive (active false): no search offers their time from now on.',
  },
  closures: {
    file: 'closures.csv',
    noun: 'closure',
    operationName: 'Closure',
    deactivation: 'Removed: the time is open again as the rota says. Its reference may be used again.',
  },
  'appointment-reasons': {
    file: 'appointment_reasons.csv',
    noun: 'appointment reason',
    operationName: 'AppointmentReason',
    deactivation: 'No longer offered online (online false); appointments already booked keep it.',
  },
  prices: {
    file: 'prices.csv',
    noun: 'price',
    operationName: 'Price',
    deactivation:
      'Removed: the price in force is again the latest other one effective by today, or none ("Price not yet published"). Its reference may be used again.',
  },
  clients: {
    file: 'clients.csv',
    noun: 'client',
    operationName: 'Client',
    deactivation:
      'No longer allowed to book or register pets online (online_booking_allowed false); the client keeps their account and records.',
  },
  pets: {
    file: 'pets.csv',
    noun: 'pet',
    operationName: 'Pet',
    deactivation:
      'Deceased or Rehomed, as the body says (the status of pets.csv): no longer among the client’s active pets.',
  },
  vaccinations: {
    file: 'vaccinations.csv',
    noun: 'vaccination',
    operationName: 'Vaccination',
    deactivation: 'Removed (recorded in error). Its reference may be used again.',
  },
  medications: {
    file: 'medications.csv',
    noun: 'medication',
    operationName: 'Medication',
    deactivation:
      'Removed: no longer among the pet’s current medicines, so no repeat can be asked for; requests already made keep what they asked for. Its reference may be used again.',
  },
  estimates: {
    file: 'estimates.csv',
    noun: 'estimate',
    operationName: 'Estimate',
    deactivation:
      'Removed (issued in error), with its lines and the owner’s answer; an invoice that named it keeps its own lines. Its reference may be used again. An estimate that no longer stands is sent with status superseded or expired instead.',
  },
  invoices: {
    file: 'invoices.csv',
    noun: 'invoice',
    operationName: 'Invoice',
    deactivation:
      'Removed (issued in error), with its lines. Its reference may be used again. A credited invoice is sent with status credited instead.',
  },
  'health-plans': {
    file: 'health_plans.csv',
    noun: 'health plan',
    operationName: 'HealthPlan',
    deactivation:
      'No longer offered online (offered_online false): no one new joins it in the portal; its members keep it.',
  },
  'plan-memberships': {
    file: 'plan_memberships.csv',
    noun: 'plan membership',
    operationName: 'PlanMembership',
    deactivation:
      'Ended today by the practice (status ended), unless it already ended; its record and uses are kept. Send status cancelled or ended with ended_on to say when.',
  },
};
