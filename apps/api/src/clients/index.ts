/**
 * Clients: a client's own records: profile, details and contact preferences, pets and their health record,
 * onboarding (pre-signup check, verification, invitations, new clients), the online account (sessions,
 * deletion), data export, repeat prescriptions, and estimates and bills.
 * Other domains and the roots (app.ts, server.ts) import only this file (decision 0091).
 */
export {
  clinicianNameForClient,
  notesForClient,
  withPetPracticeAndReason,
} from './appointment-reads/index.ts';
export {
  billRoutes,
  estimateUrl,
  invoiceUrl,
  newEstimateEmail,
  newInvoiceEmail,
  paidOnline,
} from './bills/index.ts';
export type { BillEmailSettings, EmailLine } from './bills/index.ts';
export { dataExportRoutes } from './data-export/index.ts';
export { defaultBudgets, onboardingRoutes, preSignupRoutes } from './onboarding/index.ts';
export type { OnboardingBudgets } from './onboarding/index.ts';
export { onlineAccountRoutes } from './online-account/index.ts';
export { createPetsRepository, petRoutes, registerNewPet } from './pets/index.ts';
export { answerPrescriptionRequest, prescriptionRoutes } from './prescriptions/index.ts';
export type { PrescriptionEmailSettings } from './prescriptions/index.ts';
export { clientRecordRoutes, clientRoutes, lockClientRow } from './profile/index.ts';
