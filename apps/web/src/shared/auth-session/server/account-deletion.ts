import { deleteOnlineAccountBodySchema } from '@vet/contracts/online-account';
import { serverLog } from '@/observability/logger';
import type { ActiveSessionDeps } from './active-session';
import { isRecentSignIn, sessionSignInTime } from './recent-sign-in';
import { revokeRefreshToken } from './revoke-tokens';
import { readSessionId } from './session-cookie';
import { findLiveSession, identityRefreshTokens } from './session-store';

/** How long revoking may hold the deletion up: a provider that does not answer must not block it. */
export const deletionRevocationBudgetMs = 3_000;

export type AccountDeletionDeps = ActiveSessionDeps & {
  /** The session cookie's secret and kind (the server config's `session`). */
  session: { secret: string; secureCookies: boolean };
  budgetMs?: number;
};

/**
 * Before the BFF forwards `POST /client/online-account/delete` (R2.38): the API deletes every
 * `web_sessions` row of the identity, and with them the refresh tokens, which an external provider would
 * keep honouring. The web holds the client credentials, so it revokes each session's refresh token at the
 * provider first (RFC 7009, as logout does: decision 0030), and only when the API is going to delete: a
 * live session of a recent sign-in (decision 0079) and the typed word. Time-boxed: after `budgetMs` the
 * deletion goes on and the revocations finish (or fail, logged by reason) on their own. Logs counts only,
 * never a token or whose it is (security round three, finding 9; decision 0094).
 */
export async function revokeBeforeAccountDeletion(
  cookieHeader: string | null,
  body: unknown,
  deps: AccountDeletionDeps,
): Promise<void> {
  if (!deleteOnlineAccountBodySchema.safeParse(body).success) return;
  const sessionId = await readSessionId(cookieHeader, deps.session);
  if (!sessionId) return;
  const now = deps.now ?? new Date();
  const session = await findLiveSession(deps.db, sessionId, now);
  if (!session || !isRecentSignIn(await sessionSignInTime(deps.db, sessionId, now), now)) return;
  const sessions = await identityRefreshTokens(deps.db, session);
  let revoked = 0;
  const all = Promise.all(
    sessions.map(async ({ providerId, refreshToken }) => {
      const provider = deps.providers[providerId];
      if (provider && refreshToken && (await revokeRefreshToken(provider, refreshToken, deps.fetch)))
        revoked += 1;
    }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const budgetMs = deps.budgetMs ?? deletionRevocationBudgetMs;
  const outOfTime = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), budgetMs);
  });
  const finished = await Promise.race([all.then(() => 'done' as const), outOfTime]);
  clearTimeout(timer);
  if (finished === 'late') {
    serverLog.warn(
      `[auth] account deletion: refresh token revocation still running after ${budgetMs} ms; the deletion goes on`,
    );
  } else {
    serverLog.info(`[auth] account deletion: ${revoked} of ${sessions.length} refresh tokens revoked`);
  }
}
