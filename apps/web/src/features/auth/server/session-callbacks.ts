import type { Account, CallbacksOptions, EventCallbacks, Profile } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import {
  endSession,
  loadActiveSession,
  SessionEndedError,
  type ActiveSessionDeps,
} from '@/shared/auth-session/server/active-session';
import { accessTokenExpiry } from '@/shared/auth-session/server/refresh-tokens';
import { insertSession } from '@/shared/auth-session/server/session-store';
import { previousSessionId } from './previous-session';
import { signInDevice } from './sign-in-device';
import { noteSessionStoreFailure } from './session-store-outage';
import { sessionUserFromIdToken, type SessionUser } from './session-user';

/** A signed-in session lasts at most this long, however active (the inactivity timeout is shorter). */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

type Known = { user: SessionUser; expiresAt: Date };

/**
 * next-auth's JWT strategy made revocable: the encrypted cookie carries only `{ sid }`, a random id; the
 * row it names (web_sessions) holds the identity and tokens. Each session read loads the row, so a
 * deleted or expired row, or a failed token refresh, throws: next-auth then clears the cookie and
 * answers `{}` (unauthenticated). Signing out deletes the row, so a copy of the cookie is worth nothing.
 */
export function createSessionCallbacks(deps: () => ActiveSessionDeps) {
  // What the jwt callback learnt, handed to the session callback of the same request without putting it
  // in the cookie: next-auth passes the jwt callback's returned object on as `token`.
  const known = new WeakMap<JWT, Known>();

  async function startSession(account: Account, profile: Profile | undefined): Promise<JWT> {
    if (!account.access_token) throw new Error('The identity provider issued no access token.');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
    const { iss } = (profile ?? {}) as { iss?: unknown };
    const sid = await insertSession(
      deps().db,
      {
        identityIssuer: typeof iss === 'string' ? iss : (deps().providers[account.provider]?.issuer ?? ''),
        identitySubject: account.providerAccountId,
        providerId: account.provider,
        accessToken: account.access_token,
        refreshToken: account.refresh_token ?? null,
        idToken: account.id_token ?? null,
        accessTokenExpiresAt: account.expires_at
          ? new Date(account.expires_at * 1000)
          : accessTokenExpiry(undefined, now),
        expiresAt,
        device: signInDevice(),
      },
      now,
    );
    // Signing in again ends the browser's earlier session (previous-session.ts), once the new one exists.
    const earlier = previousSessionId();
    if (earlier && earlier !== sid) await endSession(earlier, deps());
    const token: JWT = { sid };
    known.set(token, { user: sessionUserFromIdToken(account.id_token), expiresAt });
    return token;
  }

  const jwt: CallbacksOptions['jwt'] = async ({ token, account, profile }) => {
    if (account) return startSession(account, profile);
    if (typeof token.sid !== 'string') throw new SessionEndedError('no session id in the cookie');
    const session = await loadActiveSession(token.sid, deps()).catch((error: unknown) => {
      if (!(error instanceof SessionEndedError)) noteSessionStoreFailure();
      throw error;
    });
    const next: JWT = { sid: token.sid };
    known.set(next, { user: sessionUserFromIdToken(session.idToken), expiresAt: session.expiresAt });
    return next;
  };

  /** What /api/auth/session answers: the person's name and e-mail if known, and the expiry. No tokens. */
  const session: CallbacksOptions['session'] = ({ session: defaults, token }) => {
    const found = known.get(token);
    const expires =
      found && found.expiresAt < new Date(defaults.expires)
        ? found.expiresAt.toISOString()
        : defaults.expires;
    return { user: found?.user ?? {}, expires };
  };

  const signOut: EventCallbacks['signOut'] = async (message) => {
    const sid = 'token' in message ? message.token?.sid : undefined;
    if (typeof sid === 'string') await endSession(sid, deps());
  };

  return { jwt, session, signOut };
}
