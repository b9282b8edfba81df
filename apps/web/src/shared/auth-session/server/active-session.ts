import type { Database } from '@vet/db/connection';
import { takeEndedSessions } from '@vet/db/end-idle-sessions';
import type { IdentityProviderConfig } from '@/config/server';
import { SERVER_IDLE_TIMEOUT_MS } from '@/shared/auth-session/inactivity-constants';
import { refreshTokens } from './refresh-tokens';
import { revokeRefreshToken } from './revoke-tokens';
import {
  claimRefresh,
  deleteOtherSessions,
  deleteSession,
  deleteSessionRow,
  findLiveSession,
  findSessionRow,
  storeRefreshedTokens,
  touchSession,
  type EndedSession,
  type StoredSession,
} from './session-store';
import { serverLog } from '@/observability/logger';

/** An access token this close to expiry is refreshed before use. */
export const ACCESS_TOKEN_REFRESH_MARGIN_MS = 60_000;
/** last_seen_at is written at most this often per session. */
const touchIntervalMs = 60_000;
/** A refresh claim lasts this long: longer than the discovery and token calls' timeouts together. */
const refreshClaimMs = 25_000;
/** How often a request waiting for another server's refresh looks at the row again. */
const refreshPollMs = 50;

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
 * request has come for SERVER_IDLE_TIMEOUT_MS (R9.1 on the server: the session is ended as by logout, its
 * refresh token revoked), or when the refresh fails (which deletes the row).
 */
export async function loadActiveSession(sessionId: string, deps: ActiveSessionDeps): Promise<StoredSession> {
  const now = deps.now ?? new Date();
  const session = await findLiveSession(deps.db, sessionId, now);
  if (!session) throw new SessionEndedError('no live session');
  if (now.getTime() - session.lastSeenAt.getTime() > SERVER_IDLE_TIMEOUT_MS) {
    await revokeEnded(await deleteSessionRow(deps.db, session.rowId), deps);
    throw new SessionEndedError('idle for too long');
  }
  if (now.getTime() - session.lastSeenAt.getTime() > touchIntervalMs) {
    await touchSession(deps.db, session.rowId, now);
  }
  if (!expiresSoon(session, now)) return session;
  return refreshSession(session, deps);
}

/**
 * Ends a session (logout, or signing in again): deletes its row, then revokes its refresh token at the
 * provider, so neither a copy of the cookie nor the token itself is worth anything afterwards.
 */
export async function endSession(sessionId: string, deps: ActiveSessionDeps): Promise<void> {
  await revokeEnded(await deleteSession(deps.db, sessionId), deps);
}

/**
 * "Sign out of the others": ends every other session of the identity whose live session this is (rows
 * deleted, so their cookies are worth nothing at once; refresh tokens revoked), and keeps this one.
 * Returns how many ended; throws SessionEndedError when this session is not live.
 */
export async function endOtherSessions(sessionId: string, deps: ActiveSessionDeps): Promise<number> {
  const session = await loadActiveSession(sessionId, deps);
  const ended = await deleteOtherSessions(deps.db, session, session.rowId);
  await Promise.all(ended.map((other) => revokeEnded(other, deps)));
  return ended.length;
}

/**
 * Ends the sessions that are over (idle or past their expiry) and revokes their refresh tokens: the web
 * holds the providers' client credentials, the job queue does not (decision 0058). Returns how many
 * tokens it asked the providers to revoke.
 */
export async function endOverSessions(deps: ActiveSessionDeps): Promise<number> {
  const ended = await takeEndedSessions(deps.db, deps.now ?? new Date());
  await Promise.all(ended.map((session) => revokeEnded(session, deps)));
  return ended.length;
}

/** Revokes the refresh token of a session just deleted (nothing when there was none). */
async function revokeEnded(ended: EndedSession | null, deps: ActiveSessionDeps): Promise<void> {
  const provider = ended && deps.providers[ended.providerId];
  if (provider && ended.refreshToken) await revokeRefreshToken(provider, ended.refreshToken, deps.fetch);
}

function expiresSoon(session: StoredSession, now: Date): boolean {
  return session.accessTokenExpiresAt.getTime() - now.getTime() <= ACCESS_TOKEN_REFRESH_MARGIN_MS;
}

/** Refreshes in flight in this process, per pool and row: one call to the provider per session. */
const inflight = new WeakMap<Database, Map<string, Promise<StoredSession>>>();

/**
 * Refreshes once per session however many requests need it, here or on other servers: a claim on the
 * row (claimRefresh, one statement) picks the one request that calls the provider; no transaction or
 * pooled connection is held during that call, so a slow provider cannot exhaust the pool. A provider
 * that rotates refresh tokens would treat a second use of the old one as theft.
 */
function refreshSession(session: StoredSession, deps: ActiveSessionDeps): Promise<StoredSession> {
  let byRow = inflight.get(deps.db);
  if (!byRow) {
    byRow = new Map<string, Promise<StoredSession>>();
    inflight.set(deps.db, byRow);
  }
  const running = byRow.get(session.rowId);
  if (running) return running;
  const refresh = refreshOrWait(session.rowId, deps).finally(() => byRow.delete(session.rowId));
  byRow.set(session.rowId, refresh);
  return refresh;
}

async function refreshOrWait(rowId: string, deps: ActiveSessionDeps): Promise<StoredSession> {
  const clock = () => deps.now ?? new Date();
  const giveUpAt = Date.now() + refreshClaimMs;
  for (;;) {
    const now = clock();
    const claimed = await claimRefresh(deps.db, rowId, {
      now,
      refreshBy: new Date(now.getTime() + ACCESS_TOKEN_REFRESH_MARGIN_MS),
      claimUntil: new Date(now.getTime() + refreshClaimMs),
    });
    if (claimed) return refreshClaimed(claimed, deps, now);
    // Someone else holds the claim, or has refreshed already.
    const current = await findSessionRow(deps.db, rowId);
    if (!current || current.expiresAt <= now) throw new SessionEndedError('session gone during refresh');
    if (!expiresSoon(current, now) || current.accessTokenExpiresAt > now) return current;
    if (Date.now() >= giveUpAt) throw new SessionEndedError('token refresh did not finish');
    await new Promise((resolve) => setTimeout(resolve, refreshPollMs));
  }
}

async function refreshClaimed(
  claimed: StoredSession,
  deps: ActiveSessionDeps,
  now: Date,
): Promise<StoredSession> {
  const provider = deps.providers[claimed.providerId];
  const refreshToken = claimed.refreshToken;
  let tokens;
  try {
    if (!provider || !refreshToken) throw new Error('no provider or refresh token');
    tokens = await refreshTokens(provider, { ...claimed, refreshToken }, { fetch: deps.fetch, now });
  } catch (error) {
    // The reason only (e.g. "the token endpoint answered 400"): never a token or a person's details.
    serverLog.warn(`[auth] token refresh failed, ending the session: ${(error as Error).message}`);
    await deleteSessionRow(deps.db, claimed.rowId);
    throw new SessionEndedError('token refresh failed');
  }
  if (!(await storeRefreshedTokens(deps.db, claimed.rowId, tokens))) {
    // Signed out while the provider answered: the new refresh token must not outlive the session.
    if (tokens.refreshToken && tokens.refreshToken !== refreshToken) {
      await revokeRefreshToken(provider, tokens.refreshToken, deps.fetch);
    }
    throw new SessionEndedError('signed out during refresh');
  }
  return { ...claimed, ...tokens };
}
