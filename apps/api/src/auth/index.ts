/**
 * The auth module: bearer-token sign-in and the access scopes every route sits in.
 * Other modules import only this file (decision 0054).
 */
export { clientNotLinked, linkedClientOf, publicScope, signedInScope } from './access-scopes.ts';
export { authPlugin, identityOf } from './auth-plugin.ts';
