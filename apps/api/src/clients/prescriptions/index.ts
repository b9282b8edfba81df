/**
 * The prescriptions module: a pet's current medicines and the client's repeat prescription requests
 * (decision 0111); the practice's answer, given to the integration API.
 * Other modules import only this file (decision 0054).
 */
export { answerPrescriptionRequest } from './prescription-answers.ts';
export type { PrescriptionAnswerInput } from './prescription-answers.ts';
export type { PrescriptionEmailSettings } from './prescription-email.ts';
export { prescriptionRequestsOf } from './prescriptions-repository.ts';
export { prescriptionRoutes } from './routes.ts';
