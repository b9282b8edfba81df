import { getServerConfig } from '@/config/server';
import { loadActiveSession, SessionEndedError } from '@/shared/auth-session/server/active-session';
import { activeSessionDeps } from '@/shared/auth-session/server/session-deps';
import { mayCarrySession, readSessionId } from '@/shared/auth-session/server/session-cookie';

/**
 * Attaches the signed-in user's access token to a request bound for the API (R4.5: a bearer
 * Authorization header on every API call once signed in, none after sign-out).
 *
 * The browser holds only next-auth's encrypted cookie with a random session id; the token comes from the
 * server-side session row (refreshed there when it is about to expire), so it never reaches browser
 * JavaScript. No session, or one that has ended: the call goes out anonymous and the API decides. The
 * browser's own Authorization header is never forwarded (see forwardedHeaders).
 */
export async function withAccessToken(request: Request, headers: Headers): Promise<Headers> {
  const cookieHeader = request.headers.get('cookie');
  // Anonymous calls carry no session cookie: answer them without reading the configuration.
  if (!mayCarrySession(cookieHeader)) return headers;
  const config = getServerConfig();
  const sessionId = await readSessionId(cookieHeader, config.session);
  if (!sessionId) return headers;
  try {
    const session = await loadActiveSession(sessionId, activeSessionDeps(config));
    headers.set('authorization', `Bearer ${session.accessToken}`);
  } catch (error) {
    if (!(error instanceof SessionEndedError)) throw error;
  }
  return headers;
}
