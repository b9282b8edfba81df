import { decode, encode } from 'next-auth/jwt';
import type { ServerConfig } from '@/config/server';
import { AUTH_BASE_PATH } from '@/shared/auth-session/provider-ids';
import type { ActiveSessionDeps } from '@/shared/auth-session/server/active-session';
import { providerMetadata } from '@/shared/auth-session/server/provider-metadata';
import { readSessionId } from '@/shared/auth-session/server/session-cookie';
import { findLiveSession } from '@/shared/auth-session/server/session-store';

/**
 * RP-initiated logout without the ID token ever reaching browser JavaScript (decision 0058). Before the
 * portal session ends, `POST /api/auth/end-session` seals the session's provider and ID token into a
 * short-lived HttpOnly cookie (encrypted with NEXTAUTH_SECRET, as next-auth's own cookie); once it has
 * ended, the browser goes to `GET /api/auth/end-session`, which opens the cookie and answers 303 to the
 * provider's end-session endpoint with the ID token as hint.
 */
export const logoutTicketCookie = 'portal-provider-logout';
/** Where the browser goes to leave through the provider, once the portal session has ended. */
export const providerLogoutPath = `${AUTH_BASE_PATH}/end-session`;
/** Long enough for next-auth's sign-out between the two requests, short enough to be useless later. */
export const logoutTicketMaxAgeSeconds = 120;
/** Keeps this cookie's key apart from the session cookie's (next-auth derives each from the secret). */
const ticketSalt = 'portal-provider-logout';
/** Browsers keep a cookie of up to 4,096 bytes with its name and attributes. */
const maxTicketLength = 3_800;

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
 * The sealed ticket for the request's portal session (any that has not reached its absolute expiry, idle
 * or not: the provider's session should end with it), or null when there is none. Called before
 * next-auth's signOut deletes the row that holds the ID token. An ID token too large for a cookie is left
 * out: the provider then asks the person to confirm the logout.
 */
export async function providerLogoutTicket(
  cookieHeader: string | null,
  config: Pick<ServerConfig, 'session'>,
  deps: Pick<ActiveSessionDeps, 'db' | 'providers'>,
): Promise<string | null> {
  const sessionId = await readSessionId(cookieHeader, config.session);
  if (!sessionId) return null;
  const session = await findLiveSession(deps.db, sessionId);
  if (!session || !deps.providers[session.providerId]) return null;
  const seal = (idToken: string | null) =>
    encode({
      token: { providerId: session.providerId, idToken },
      secret: config.session.secret,
      salt: ticketSalt,
      maxAge: logoutTicketMaxAgeSeconds,
    });
  const ticket = await seal(session.idToken);
  return ticket.length <= maxTicketLength ? ticket : seal(null);
}

/**
 * The provider's end-session address for a ticket, with the ID token as hint, or null: no ticket, one that
 * is expired or was not sealed here, or a provider without an end-session endpoint.
 */
export async function providerLogoutRedirect(
  ticket: string | null,
  config: Pick<ServerConfig, 'session' | 'portalUrl'>,
  deps: Pick<ActiveSessionDeps, 'providers' | 'fetch'>,
): Promise<string | null> {
  if (!ticket) return null;
  const opened = await decode({ token: ticket, secret: config.session.secret, salt: ticketSalt }).catch(
    () => null,
  );
  const providerId = opened?.providerId;
  const provider = typeof providerId === 'string' ? deps.providers[providerId] : undefined;
  if (!provider) return null;
  const { endSessionEndpoint } = await providerMetadata(provider.issuer, deps.fetch);
  if (!endSessionEndpoint) return null;
  return endSessionUrl(endSessionEndpoint, {
    idToken: typeof opened?.idToken === 'string' ? opened.idToken : null,
    clientId: provider.clientId,
    postLogoutRedirectUri: `${config.portalUrl}/`,
  });
}
