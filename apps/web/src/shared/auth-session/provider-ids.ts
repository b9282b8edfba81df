/**
 * The sign-in layer's provider ids (R4.9): `azure-ad` signs in, `auth0` signs up
 * (screen_hint=signup). Each is a configurable OpenID Connect issuer (AUTH_SIGNIN_*, AUTH_SIGNUP_*).
 */
export const SIGN_IN_PROVIDER_ID = 'azure-ad';
export const SIGN_UP_PROVIDER_ID = 'auth0';

export type ProviderId = typeof SIGN_IN_PROVIDER_ID | typeof SIGN_UP_PROVIDER_ID;

/** next-auth's base path (R9.17). */
export const AUTH_BASE_PATH = '/api/auth';
