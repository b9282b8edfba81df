/** What the portal may ask for. `profile` adds nothing personal: we hold only an e-mail address. */
export const SUPPORTED_SCOPES: readonly string[] = ['openid', 'profile', 'email', 'offline_access'];

/** The scopes an access token for the API can carry. */
export const API_SCOPE = SUPPORTED_SCOPES.join(' ');
