import type { ServerConfig } from '@/config/server';
import type { ActiveSessionDeps } from '@/shared/auth-session/server/active-session';
import { providerMetadata } from '@/shared/auth-session/server/provider-metadata';
import { readSessionId } from '@/shared/auth-session/server/session-cookie';
import { findLiveSession } from '@/shared/auth-session/server/session-store';

/** OpenID Connect RP-Initiated Logout 1.0: the provider ends its session and returns to the portal. */
export function endSessionUrl(
  endSessionEndpoint: string,
  request: { idToken: string | null; clientId: string; postLogoutRedirectUri: string },
): string {
  const url = new URL(endSessionEndpoint);
  if (request.idToken) url.searchParams.set('id_token_hint', request.idToken);
  url.searchParams.set('client_id', request.clientId);
  url.searchParams.set('post_logout_redirect_uri', request.postLogoutRedirectUri);
  return url.toString();
}

/**
 * Where to send the browser to end the provider's session of the request's portal session, or null (no
 * session, or a provider without an end-session endpoint). Called before next-auth's signOut deletes
 * the row that holds the ID token used as the hint.
 */
export async function providerLogoutUrl(
  cookieHeader: string | null,
  config: ServerConfig,
  deps: ActiveSessionDeps,
): Promise<string | null> {
  const sessionId = await readSessionId(cookieHeader, config.session);
  if (!sessionId) return null;
  const session = await findLiveSession(deps.db, sessionId);
  const provider = session && deps.providers[session.providerId];
  if (!session || !provider) return null;
  const { endSessionEndpoint } = await providerMetadata(provider.issuer, deps.fetch);
  if (!endSessionEndpoint) return null;
  return endSessionUrl(endSessionEndpoint, {
    idToken: session.idToken,
    clientId: provider.clientId,
    postLogoutRedirectUri: `${config.portalUrl}/`,
  });
}
