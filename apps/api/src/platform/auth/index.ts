/**
 * The auth module: bearer-token sign-in, machine callers, and the access scopes every route sits in.
 * Other modules import only this file (decision 0054).
 */
export {
  clientNotLinked,
  integrationScope,
  linkedClientOf,
  publicScope,
  signedInScope,
} from './access-scopes.ts';
export type { RoutePlugin } from './access-scopes.ts';
export { authPlugin, identityOf, machineCallerOf } from './auth-plugin.ts';
export { isRecentSignIn, RECENT_SIGN_IN_SECONDS, requireRecentSignIn } from './recent-sign-in.ts';
export { INTEGRATION_TAG, PRACTICE_SYSTEM_SECURITY } from './machine-access.ts';
export type { MachineAccessSettings, MachineCaller } from './machine-access.ts';
