/**
 * The practice-records module: the practice system's records through the integration API, by the import's
 * rules (decision 0065), and through the connectors (decision 0106). Other modules import only this file
 * (decision 0054).
 */
export { practiceRecordRoutes } from './record-routes.ts';
export { deactivate, upsertBatch } from './record-service.ts';
export type { PracticeRecordDeps } from './record-service.ts';
// A write's clash answered as the integration API's 409 retry_later, for the merges too.
export { clashAsRetry } from './write-clash.ts';
