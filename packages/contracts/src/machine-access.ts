/**
 * What a practice system (a machine caller, decision 0062) and the API agree on: the OAuth 2.0 scope that
 * opens the integration API, and the path prefix the API serves it under. The embedded identity provider
 * grants the scope only to machine clients, through the client-credentials grant.
 */
export const practiceSystemScope = 'practice-system';

/** The integration API's routes all start here; the portal's proxy never forwards them (bff-paths.ts). */
export const integrationPathPrefix = '/integration/v1';

/** The embedded provider's machine client unless IDP_MACHINE_CLIENT_ID names another (local runs, tests). */
export const defaultMachineClientId = 'practice-system';

/**
 * What a machine client may do (decision 0105), one name per kind of write or read: each record kind's
 * writes (`clients`, `pets`, …), desk bookings (`appointments`), invitations, acknowledgements, the group's
 * list entries, reading the events (`events`), managing its own webhook endpoints
 * (`webhook-endpoints`, decision 0112), and the deposits and card holds its practices ask at booking
 * (`booking-payments`, decision 0158), and answering owners' messages (`messages`, decision 0168).
 */
export const machineGrantKinds = [
  'practices',
  'clinicians',
  'closures',
  'appointment-reasons',
  'prices',
  'clients',
  'pets',
  'vaccinations',
  'medications',
  'estimates',
  'invoices',
  'health-plans',
  'plan-memberships',
  'appointments',
  'invitations',
  'acknowledgements',
  'list-entries',
  'events',
  'prescription-requests',
  'webhook-endpoints',
  'booking-payments',
  'messages',
] as const;
export type MachineGrantKind = (typeof machineGrantKinds)[number];
