/**
 * The lookups module: reference lists (species, breeds, colours, insurers, reasons).
 * Other modules import only this file (decision 0054).
 */
export { createReferenceDataRepository } from './reference-data-repository.ts';
export type { ReferenceDataRepository } from './reference-data-repository.ts';
export { createLookupNames, withLookupNames } from './lookup-names.ts';
export type { LookupIds, LookupNames } from './lookup-names.ts';
export { lookupRoutes } from './routes.ts';
export { createSpeciesRepository } from './species-repository.ts';
export type { SpeciesRepository } from './species-repository.ts';
