/**
 * The practice's answers to repeat prescription requests (decision 0111), on the integration API.
 * Other modules import only this file (decision 0054).
 */
export { prescriptionAnswerRoutes } from './prescription-answer-routes.ts';
