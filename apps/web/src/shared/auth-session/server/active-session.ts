import type { Database } from '@vet/db/connection';
import type { IdentityProviderConfig } from '@/config/server';
import { SERVER_IDLE_TIMEOUT_MS } from '@/shared/auth-session/inactivity-constants';
import { refreshTokens } from './refresh-tokens';
import {
  deleteSessionRow,
  findLiveSession,
  findSessionForUpdate,
  touchSession,
  updateSessionTokens,
  type StoredSession,
} from './session-store';

/** An access token this close to expiry is refreshed before use. */
export const ACCESS_TOKEN_REFRESH_MARGIN_MS = 60_000;
/** last_seen_at is written at most this often per session. */
const touchIntervalMs = 60_000;

/** The session is over (signed out, expired, or its tokens could not be refreshed): treat as signed out. */
export class SessionEndedError extends Error {
  override name = 'SessionEndedError';
}

export type ActiveSessionDeps = {
  db: Database;
  /** By provider id (azure-ad, auth0). */
  providers: Readonly<Record<string, IdentityProviderConfig>>;
  fetch?: typeof fetch;
  now?: Date;
};

/**
 * The live session for a session id, with an access token valid for at least another minute:
 * refreshed server side when needed. Throws SessionEndedError when there is no such session, when no
 * request has come for SERVER_IDLE_TIMEOUT_MS (R9.1 on the server: the row is deleted), or when the
 * refresh fails (which deletes the row).
 */
export async function loadActiveSession(sessionId: string, deps: ActiveSessionDeps): Promise<StoredSession> {
  const now = deps.now ?? new Date();
  const session = await findLiveSession(deps.db, sessionId, now);
  if (!session) throw new SessionEndedError('no live session');
  if (now.getTime() - session.lastSeenAt.getTime() > SERVER_IDLE_TIMEOUT_MS) {
    await deleteSessionRow(deps.db, session.rowId);
    throw new SessionEndedError('idle for too long');
  }
  if (now.getTime() - session.lastSeenAt.getTime() > touchIntervalMs) {
    await touchSession(deps.db, session.rowId, now);
  }
  if (!expiresSoon(session, now)) return session;
  return refreshSession(session.rowId, deps, now);
}

function expiresSoon(session: StoredSession, now: Date): boolean {
  return session.accessTokenExpiresAt.getTime() - now.getTime() <= ACCESS_TOKEN_REFRESH_MARGIN_MS;
}

/**
 * Refreshes under a row lock, so parallel requests of one session refresh once (a provider that rotates
 * refresh tokens would treat a second use of the old one as theft) and later ones see the new token.
 */
async function refreshSession(rowId: string, deps: ActiveSessionDeps, now: Date): Promise<StoredSession> {
  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await findSessionForUpdate(tx, rowId);
    if (!locked || locked.expiresAt <= now) return { ended: 'session gone during refresh' } as const;
    if (!expiresSoon(locked, now)) return { session: locked } as const;
    const provider = deps.providers[locked.providerId];
    const refreshToken = locked.refreshToken;
    try {
      if (!provider || !refreshToken) throw new Error('no provider or refresh token');
      const tokens = await refreshTokens(provider, { ...locked, refreshToken }, { fetch: deps.fetch, now });
      await updateSessionTokens(tx, rowId, tokens);
      return { session: { ...locked, ...tokens } } as const;
    } catch (error) {
      // The reason only (e.g. "the token endpoint answered 400"): never a token or a person's details.
      console.warn(`[auth] token refresh failed, ending the session: ${(error as Error).message}`);
      await deleteSessionRow(tx, rowId);
      return { ended: 'token refresh failed' } as const;
    }
  });
  if ('ended' in outcome) throw new SessionEndedError(outcome.ended);
  return outcome.session;
}
