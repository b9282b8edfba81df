import { eq } from 'drizzle-orm';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { Database } from '@vet/db/connection';
import { webSessions } from '@vet/db/schema/identity';
import { getServerConfig } from '@/config/server';
import { RECENT_SIGN_IN_MAX_AGE_MS, reauthenticationPath } from '@/shared/auth-session/reauthentication';
import { readSessionId } from './session-cookie';
import { sessionDatabase } from './session-database';
import { hashSessionId } from './session-store';

/**
 * When the person of a session last signed in at the provider (decision 0079): the ID token's
 * `auth_time`, which the API also sees in the access token, else when the session began (every portal
 * sign-in asks for prompt=login). Null when there is no live session.
 */
export async function sessionSignInTime(
  db: Database,
  sessionId: string,
  now = new Date(),
): Promise<Date | null> {
  const [row] = await db
    .select({
      idToken: webSessions.idToken,
      authenticatedAt: webSessions.authenticatedAt,
      expiresAt: webSessions.expiresAt,
    })
    .from(webSessions)
    .where(eq(webSessions.tokenHash, hashSessionId(sessionId)))
    .limit(1);
  if (!row || row.expiresAt <= now) return null;
  return authTimeOfIdToken(row.idToken) ?? row.authenticatedAt;
}

/** Whether a sign-in at `signInTime` is recent enough to export or delete at `now`. */
export function isRecentSignIn(signInTime: Date | null, now = new Date()): boolean {
  return signInTime !== null && now.getTime() - signInTime.getTime() <= RECENT_SIGN_IN_MAX_AGE_MS;
}

/**
 * For a page (server component) or server action that needs a recent sign-in: when the session's sign-in
 * is older than RECENT_SIGN_IN_MAX_AGE_MS, redirects to the provider to sign in again, back to `returnTo`
 * (the page's own path). Without a session it does nothing: RequireAuth or the proxy deals with that.
 * The API checks again on its side (403 `reauthentication_required`).
 */
export async function requireRecentSignIn(returnTo: string): Promise<void> {
  const config = getServerConfig();
  const sessionId = await readSessionId((await headers()).get('cookie'), config.session);
  if (!sessionId) return;
  const signInTime = await sessionSignInTime(sessionDatabase(), sessionId);
  if (signInTime && !isRecentSignIn(signInTime)) redirect(reauthenticationPath(returnTo));
}

function authTimeOfIdToken(idToken: string | null): Date | null {
  const payload = idToken?.split('.')[1];
  if (!payload) return null;
  try {
    const { auth_time: authTime } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      auth_time?: unknown;
    };
    return typeof authTime === 'number' && authTime > 0 ? new Date(authTime * 1000) : null;
  } catch {
    return null;
  }
}
