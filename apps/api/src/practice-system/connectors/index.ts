/**
 * The connectors (decision 0106): the portal calling a practice system's own API, reading its diary and
 * records into the portal by the import's rules, and writing online bookings and registrations into it.
 * Other modules import only this file.
 */
export { connectorsPlugin } from './connectors-plugin.ts';
export type { ConnectionFactory, ConnectorOptions } from './connectors-plugin.ts';
export type { VendorConnection } from './vendor-port.ts';
export { createConnectorAdmin } from './connector-admin.ts';
export type { ConnectorSummary } from './connector-admin.ts';
export { createVendorConnection } from './vendors.ts';
export { connectorHintRoutes, webhookConnections } from './connector-hints.ts';
export { connectorHealthRoutes } from './connector-health-routes.ts';
