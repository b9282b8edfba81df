/**
 * The practice system's way in and out: the /integration/v1 API (records, desk bookings, client
 * invitations, acknowledgements, the event feed) and the webhook dispatcher of practice events.
 * Other domains and the roots (app.ts, server.ts) import only this file (decision 0091).
 */
export { eventDispatcherPlugin } from './events/index.ts';
export { fitEndpointsToGrants } from './webhook-endpoints/index.ts';
export {
  checkClientInvitable,
  createClientInvitationRepository,
  integrationApi,
  inviteClient,
} from './integration-api/index.ts';
export type { InvitationSettings } from './integration-api/index.ts';
export {
  connectorHealthRoutes,
  connectorHintRoutes,
  connectorsPlugin,
  createConnectorAdmin,
  createVendorConnection,
  webhookConnections,
} from './connectors/index.ts';
