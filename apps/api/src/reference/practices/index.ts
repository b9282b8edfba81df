/**
 * The practices module: practices and their feature settings, and a client's home practice.
 * Other modules import only this file (decision 0054).
 */
export { createPracticePricesRepository } from './practice-prices-repository.ts';
export { createPracticesRepository } from './practices-repository.ts';
export { homePracticeRoutes } from './home-practice-routes.ts';
export { practiceRoutes } from './routes.ts';
export {
  capInForce,
  feeColumns,
  feesOfRow,
  writtenPrescriptionFeesOn,
  type FeeColumns,
} from './written-prescription-fees.ts';
