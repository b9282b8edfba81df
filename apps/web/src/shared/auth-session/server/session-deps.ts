import type { IdentityProviderConfig, ServerConfig } from '@/config/server';
import { SIGN_IN_PROVIDER_ID, SIGN_UP_PROVIDER_ID } from '@/shared/auth-session/provider-ids';
import type { ActiveSessionDeps } from './active-session';
import { sessionDatabase } from './session-database';

export function identityProvidersById(config: ServerConfig): Record<string, IdentityProviderConfig> {
  return {
    [SIGN_IN_PROVIDER_ID]: config.identityProviders.signIn,
    [SIGN_UP_PROVIDER_ID]: config.identityProviders.signUp,
  };
}

/** The session store as the running server uses it: its database and configured providers. */
export function activeSessionDeps(config: ServerConfig): ActiveSessionDeps {
  return { db: sessionDatabase(), providers: identityProvidersById(config) };
}
