/**
 * The integration module: the practice system's API under /integration/v1 (decision 0062).
 * Other modules import only this file (decision 0054).
 */
export { integrationApi, integrationRoutePlugins } from './integration-api.ts';
// The operator's `invite` (decision 0097) issues the same invitations.
export { createClientInvitationRepository } from './client-invitation-repository.ts';
export { checkClientInvitable, inviteClient } from './client-invitation-service.ts';
export type { InvitationSettings } from './invitation-email.ts';
