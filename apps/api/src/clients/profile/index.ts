/**
 * The clients module: a client's profile, details and contact preferences.
 * Other modules import only this file (decision 0054).
 */
export { clientDetailColumns, clientDetailsOf, clientEventColumns } from './client-events.ts';
export type { ClientEventRow } from './client-events.ts';
export { lockClientRow } from './client-lock.ts';
export { contactPreferenceRowsOf } from './client-record-repository.ts';
export { clientRecordRoutes } from './client-record-routes.ts';
export { createClientsRepository } from './clients-repository.ts';
export { findClientProfile, profileOfLinkedClient } from './profile-service.ts';
export { clientRoutes } from './routes.ts';
