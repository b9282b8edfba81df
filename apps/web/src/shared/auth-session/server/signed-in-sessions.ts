import {
  endOtherSessions,
  loadActiveSession,
  SessionEndedError,
  type ActiveSessionDeps,
} from './active-session';
import { readSessionId } from './session-cookie';
import { listIdentitySessions } from './session-store';
import type { SessionList } from '@/shared/auth-session/session-list';

type CookieSession = { secret: string; secureCookies: boolean };

/** Shown for sessions from before the device was recorded. */
const unknownDevice = 'Unknown browser and device';

/**
 * `act` on the live session this cookie names; null when it names none (no cookie, or a session that has
 * ended, before or meanwhile).
 */
async function withLiveSession<T>(
  cookieHeader: string | null,
  session: CookieSession,
  act: (sessionId: string) => Promise<T>,
): Promise<T | null> {
  const sessionId = await readSessionId(cookieHeader, session);
  if (!sessionId) return null;
  try {
    return await act(sessionId);
  } catch (error) {
    if (error instanceof SessionEndedError) return null;
    throw error;
  }
}

/**
 * The sessions of the person signed in by this cookie (only theirs: the list is of the live session's own
 * identity), this one marked; null when the cookie names no live session. Only what the page shows is
 * picked out of the rows: no token, hash or id reaches the browser.
 */
export function signedInSessions(
  cookieHeader: string | null,
  session: CookieSession,
  deps: ActiveSessionDeps,
): Promise<SessionList | null> {
  return withLiveSession(cookieHeader, session, async (sessionId) => {
    const current = await loadActiveSession(sessionId, deps);
    const rows = await listIdentitySessions(deps.db, current, deps.now);
    return {
      sessions: rows.map((row) => ({
        device: row.device ?? unknownDevice,
        lastActiveAt: row.lastSeenAt.toISOString(),
        current: row.rowId === current.rowId,
      })),
    };
  });
}

/**
 * "Sign out of the others": ends every other session of this person and answers the list left (this
 * session alone); null when the cookie names no live session.
 */
export async function signOutOtherSessions(
  cookieHeader: string | null,
  session: CookieSession,
  deps: ActiveSessionDeps,
): Promise<SessionList | null> {
  const ended = await withLiveSession(cookieHeader, session, async (sessionId) => {
    await endOtherSessions(sessionId, deps);
    return true;
  });
  return ended ? signedInSessions(cookieHeader, session, deps) : null;
}
