/**
 * The webhook-endpoints module: a practice system registers, changes, re-keys and removes its own webhook
 * endpoints through the integration API (decision 0112). Other modules import only this file (decision 0054).
 */
export { webhookEndpointRoutes } from './webhook-endpoint-routes.ts';
export { fitEndpointsToGrants } from './webhook-endpoint-service.ts';
export type { WebhookEndpointSettings } from './webhook-endpoint-service.ts';
