/**
 * Reference: the lists and lookups that forms and imports read (species, breeds, colours, insurers,
 * salutations, cancellation reasons), the practices, and the address lookup.
 * Other domains and the roots (app.ts, server.ts) import only this file (decision 0091).
 */
export { addressRoutes } from './addresses/index.ts';
export {
  createLookupNames,
  createReferenceDataRepository,
  createSpeciesRepository,
  lookupRoutes,
  withLookupNames,
} from './lookups/index.ts';
export type { LookupIds, LookupNames, ReferenceDataRepository, SpeciesRepository } from './lookups/index.ts';
export {
  createPracticePricesRepository,
  createPracticesRepository,
  homePracticeRoutes,
  practiceRoutes,
  capInForce,
  feeColumns,
  feesOfRow,
  writtenPrescriptionFeesOn,
} from './practices/index.ts';
export type { FeeColumns } from './practices/index.ts';
