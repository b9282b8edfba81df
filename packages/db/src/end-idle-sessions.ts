import { serverSessionIdleTimeoutMs } from '@vet/contracts/sessions';
import { and, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Database } from './connection.ts';
import { webSessions } from './schema/identity.ts';

/** Sessions that are over: idle past serverSessionIdleTimeoutMs (a tab closed), or past their expiry. */
function over(now: Date) {
  const idleSince = new Date(now.getTime() - serverSessionIdleTimeoutMs);
  return or(lte(webSessions.lastSeenAt, idleSince), lte(webSessions.expiresAt, now));
}

/**
 * Deletes the portal's sessions that are over and hold no refresh token: the job queue's part, and the
 * tidy-up at each sign-in. The job runs in the API's process, which holds none of the identity
 * providers' client credentials and so cannot revoke a refresh token; a session that holds one is left
 * to the web, which ends it and revokes the token (takeEndedSessions, decision 0058). The web refuses an
 * over session when it is used either way. Returns how many it deleted.
 */
export async function endIdleSessions(db: Database, now: Date = new Date()): Promise<number> {
  const ended = await db
    .delete(webSessions)
    .where(and(over(now), isNull(webSessions.refreshToken)))
    .returning({ id: webSessions.id });
  return ended.length;
}

/** A session ended by takeEndedSessions: what revoking its refresh token needs. */
export interface EndedSession {
  providerId: string;
  refreshToken: string;
}

/**
 * Deletes up to `limit` sessions that are over, whatever they hold, and returns those that held a refresh
 * token, for the caller to revoke. Two callers at once never get the same session: each row is deleted,
 * and so returned, once.
 */
export async function takeEndedSessions(
  db: Database,
  now: Date = new Date(),
  limit = 100,
): Promise<EndedSession[]> {
  const due = db.select({ id: webSessions.id }).from(webSessions).where(over(now)).limit(limit);
  const ended = await db
    .delete(webSessions)
    .where(inArray(webSessions.id, due))
    .returning({ providerId: webSessions.providerId, refreshToken: webSessions.refreshToken });
  return ended.filter((session): session is EndedSession => session.refreshToken !== null);
}
