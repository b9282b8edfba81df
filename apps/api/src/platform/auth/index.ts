/**
 * The auth module: bearer-token sign-in, machine callers, the access scopes every route sits in, and who
 * is signed in with the client record linked to them. Other modules import only this file (decision 0054).
 */
export {
  clientNotLinked,
  integrationScope,
  linkedClientOf,
  machineGrantOf,
  publicScope,
  signedInScope,
} from './access-scopes.ts';
export type { RoutePlugin } from './access-scopes.ts';
export { authPlugin, identityOf } from './auth-plugin.ts';
export { isRecentSignIn, RECENT_SIGN_IN_SECONDS, requireRecentSignIn } from './recent-sign-in.ts';
export { INTEGRATION_TAG, PRACTICE_SYSTEM_SECURITY, servesPractice } from './machine-access.ts';
export type { MachineGrant } from './machine-access.ts';
export type { Identity } from './identity.ts';
export { ownedBy } from './identity-rows.ts';
export { lockIdentity } from './identity-lock.ts';
export type { TrustedIssuer } from './issuer-key-set.ts';
export { homePracticeColumns, withHomePractice } from './client-joins.ts';
export type { HomePracticeFields } from './client-joins.ts';
export { createLinkedClientLookup, linkedToIdentity, recordsOfLinkedClient } from './linked-client.ts';
export type { LinkedClient, LinkedClientLookup } from './linked-client.ts';
