import { AsyncLocalStorage } from 'node:async_hooks';
import { readSessionId } from '@/shared/auth-session/server/session-cookie';

/**
 * The session this browser held when it came back from the identity provider: a sign-in that completes
 * ends it (session-callbacks.ts deletes its row once the new one exists), so signing in again never
 * leaves an older session of the same browser alive, e.g. someone else's on a shared computer.
 */
const previous = new AsyncLocalStorage<string>();

/** Runs next-auth's handler knowing the request's earlier session id (none: runs it as is). */
export function withPreviousSession<T>(sessionId: string | null, run: () => T): T {
  return sessionId ? previous.run(sessionId, run) : run();
}

/** The earlier session id of the request being handled, if it had one. */
export function previousSessionId(): string | undefined {
  return previous.getStore();
}

/**
 * The session id in the request's cookie when the request completes a sign-in (next-auth's
 * /api/auth/callback/<provider>), else null: other requests never end a session this way.
 */
export async function previousSessionOfSignIn(
  segments: readonly string[],
  cookieHeader: string | null,
  session: { secret: string; secureCookies: boolean },
): Promise<string | null> {
  if (segments[0] !== 'callback') return null;
  return readSessionId(cookieHeader, session);
}
