import { serverSessionIdleTimeoutMs } from '@vet/contracts/sessions';
import { lte, or } from 'drizzle-orm';
import type { Database } from './connection.ts';
import { webSessions } from './schema/identity.ts';

/**
 * Deletes the portal's sessions that are over: idle past serverSessionIdleTimeoutMs (a tab closed on a
 * shared computer), or past their absolute expiry. The web refuses such a session when it is used; this
 * removes the rows nobody will use again, tokens included. Returns how many it deleted.
 */
export async function endIdleSessions(db: Database, now: Date = new Date()): Promise<number> {
  const idleSince = new Date(now.getTime() - serverSessionIdleTimeoutMs);
  const ended = await db
    .delete(webSessions)
    .where(or(lte(webSessions.lastSeenAt, idleSince), lte(webSessions.expiresAt, now)))
    .returning({ id: webSessions.id });
  return ended.length;
}
