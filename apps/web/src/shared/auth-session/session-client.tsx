'use client';

import type { Session } from 'next-auth';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { failureDetail, LOGIN_FAILED, postAuthLog } from './auth-log';
import { forgetThisTab, sessionMessageTrigger, tellOtherTabs } from './cross-tab';
import { AuthResponseError, authJson, csrfToken, postForm } from './auth-http';
import { AUTH_BASE_PATH } from './provider-ids';

/**
 * The browser's side of next-auth's session, for the portal (decision 0036): the session the server
 * rendered, refetched when the tab becomes visible again, every `refetchInterval` seconds, and whenever
 * another tab reads the session or signs out; `signIn`, `signOut` and `updateSession` through next-auth's
 * endpoints with its CSRF token. It speaks next-auth's HTTP and cross-tab protocol (`/api/auth/*`, the
 * `nextauth.message` storage key) as `next-auth/react` does, without its 9 kB of transpiled runtime.
 */

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';
export interface SessionState {
  data: Session | null;
  status: SessionStatus;
}

/** R8.3: a session read that failed is logged as a client session error, as next-auth/react logs it. */
function logSessionError(error: unknown) {
  postAuthLog('error', 'CLIENT_SESSION_ERROR', failureDetail('Session read failed', error));
}

/** R8.2: a sign-in that could not start is logged under the wrapper's message, 'Login failed'. */
function logSignInError(error: unknown) {
  postAuthLog('error', 'CLIENT_SIGNIN_ERROR', failureDetail(LOGIN_FAILED, error));
}

/** The current session from the server (null: signed out); an empty object is next-auth's "none". */
async function readSession(): Promise<Session | null> {
  const data = await authJson<Session | Record<string, never>>('session', {
    headers: { 'Content-Type': 'application/json' },
  });
  return Object.keys(data).length > 0 ? (data as Session) : null;
}

/**
 * Reads the session (which also touches it on the server) and tells the other tabs to read theirs.
 * Null when signed out, or when it could not be read (as next-auth/react's getSession).
 */
export async function getSession(): Promise<Session | null> {
  try {
    const session = await readSession();
    tellOtherTabs('getSession');
    return session;
  } catch (error) {
    logSessionError(error);
    return null;
  }
}

/**
 * The sign-in call's result (R8.3, next-auth's SignInResponse): `error` is the `error`
 * parameter of the address next-auth answered with, `status` and `ok` its HTTP answer's, and `url` that
 * address, or null on error. A call that got no answer (offline, no CSRF token) has status 0.
 */
export interface SignInResult {
  error: string | null;
  status: number;
  ok: boolean;
  url: string | null;
}

/** next-auth's catch-all sign-in error code, for a failure whose answer names none. */
export const SIGN_IN_ERROR = 'Signin';

function errorParameter(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url, window.location.origin).searchParams.get('error');
  } catch {
    return null;
  }
}

/** The sign-in post's answer as a SignInResult: an answer without an address is an error too. */
async function signInResult(response: Response): Promise<SignInResult> {
  const body = (await response.json().catch(() => ({}))) as { url?: unknown };
  const url = typeof body.url === 'string' ? body.url : undefined;
  const error = errorParameter(url) ?? (response.ok && url ? null : SIGN_IN_ERROR);
  return { error, status: response.status, ok: response.ok, url: error ? null : url! };
}

/**
 * Starts a sign-in with the provider through next-auth (which sets the state, PKCE and nonce cookies and
 * answers with the provider's address), and sends the browser there. An unknown provider goes to
 * next-auth's sign-in page and a provider list that cannot be loaded to its error page (R8.3): then it
 * resolves to undefined, as no sign-in was asked for. Otherwise it resolves to the SignInResult, and
 * leaves the page only when it carries no error; the caller shows a failure. Failures are logged (R8.2).
 */
export async function signIn(
  providerId: string,
  { callbackUrl = window.location.href }: { callbackUrl?: string } = {},
  authorizationParams: Record<string, string> = {},
): Promise<SignInResult | undefined> {
  // next-auth's own pages, served by its route handler: a full navigation.
  const toAuthPage = (page: string) =>
    window.location.assign(new URL(`${AUTH_BASE_PATH}/${page}`, window.location.origin).href);
  // The token is asked for beside the provider list, not after it: one round trip fewer before the
  // provider's page on a phone's connection. Awaited only once the provider is known to exist.
  const token = csrfToken();
  token.catch(() => undefined);
  let providers: Record<string, unknown>;
  try {
    providers = await authJson<Record<string, unknown>>('providers');
  } catch (error) {
    logSignInError(error);
    toAuthPage('error');
    return undefined;
  }
  if (!(providerId in providers)) {
    toAuthPage(`signin?${new URLSearchParams({ callbackUrl }).toString()}`);
    return undefined;
  }
  const query = new URLSearchParams(authorizationParams).toString();
  let result: SignInResult;
  try {
    const response = await fetch(`${AUTH_BASE_PATH}/signin/${providerId}${query ? `?${query}` : ''}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ callbackUrl, csrfToken: await token, json: 'true' }),
    });
    result = await signInResult(response);
    if (!response.ok) logSignInError(new AuthResponseError(`signin/${providerId}`, response.status));
    // next-auth's code names what failed ('OAuthSignin'); failureDetail keeps only such a word.
    else if (result.error) logSignInError(Object.assign(new Error(), { name: result.error }));
  } catch (error) {
    logSignInError(error);
    return { error: SIGN_IN_ERROR, status: 0, ok: false, url: null };
  }
  if (result.url) window.location.assign(result.url);
  return result;
}

/**
 * Ends the portal session (next-auth deletes it on the server), tells the other tabs, and updates this
 * tab's session. Rejects when the session could not be ended (offline): the person is still signed in.
 * `tellOtherTabsWhenLeaving`: the other tabs hear of it only as this page is left (pagehide). A logout
 * leaves through the provider's end-session page, and another tab sent to sign in before that page
 * arrived would save the provider's session over the logout it records (decision 0058).
 */
export async function signOut({
  callbackUrl = window.location.href,
  tellOtherTabsWhenLeaving = false,
}: { callbackUrl?: string; tellOtherTabsWhenLeaving?: boolean } = {}) {
  const answer = await postForm('signout', { callbackUrl, csrfToken: await csrfToken() });
  if (tellOtherTabsWhenLeaving) {
    window.addEventListener('pagehide', () => tellOtherTabs('signout'), { once: true });
  } else {
    tellOtherTabs('signout');
  }
  await refreshThisTab();
  return answer;
}

/**
 * R7.11's session update (POST /api/auth/session with the CSRF token and data): the server reads the
 * session again and counts it as in use (its idle clock, R9.1). `data` is empty: the browser may change
 * nothing in a session (decision 0100). This tab takes the answer, and the other tabs read theirs. Null
 * when signed out; a failure (offline, a 5xx) is logged as a session error and keeps what the tab knew.
 */
export async function updateSession(): Promise<Session | null | undefined> {
  try {
    const response = await fetch(`${AUTH_BASE_PATH}/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ csrfToken: await csrfToken(), data: {} }),
    });
    if (response.status === 401) {
      showInThisTab(null);
      tellOtherTabs('getSession');
      return null;
    }
    if (!response.ok) throw new AuthResponseError('session', response.status);
    const session = (await response.json()) as Session;
    showInThisTab(session);
    tellOtherTabs('getSession');
    return session;
  } catch (error) {
    logSessionError(error);
    return undefined;
  }
}

/** The provider's refetch, once mounted (signOut updates this tab through it). */
let refreshThisTab: () => Promise<void> = () => Promise.resolve();
/** The provider's setter, once mounted (updateSession hands it the server's answer). */
let showInThisTab: (session: Session | null) => void = () => undefined;

const SessionContext = createContext<SessionState | null>(null);

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used within a SessionProvider');
  return value;
}

/**
 * Holds the tab's session. `session` is the server's view at render time (null: signed out; undefined:
 * unknown, fetched on mount). A refetch that fails (offline) keeps what the tab knew: a dropped
 * connection does not sign the person out of the page.
 */
export function SessionProvider({
  session: initial,
  refetchOnWindowFocus = true,
  refetchInterval = 0,
  children,
}: {
  session?: Session | null;
  refetchOnWindowFocus?: boolean;
  /** Seconds between refetches while signed in (0: none). */
  refetchInterval?: number;
  children: ReactNode;
}) {
  const [session, setSession] = useState<Session | null | undefined>(initial);
  // The server's view seeds the tab once; later renders of the layout do not reset it.
  const seed = useRef(initial);

  useEffect(() => {
    let current = seed.current;
    let mounted = true;
    /** Reads the session; `tell`: also tell the other tabs (not when answering their message). */
    const refetch = async (tell: boolean) => {
      try {
        const next = await readSession();
        if (tell) tellOtherTabs('getSession');
        current = next;
        if (mounted) setSession(next);
      } catch (error) {
        logSessionError(error);
        // Keep what the tab knew; the next refetch tries again.
        if (mounted && current === undefined) setSession(null);
      }
    };
    refreshThisTab = () => refetch(false);
    showInThisTab = (next) => {
      current = next;
      if (mounted) setSession(next);
    };
    if (current === undefined) void refetch(false);

    const onStorage = (event: StorageEvent) => {
      const trigger = sessionMessageTrigger(event);
      if (trigger === 'signout') forgetThisTab();
      if (trigger) void refetch(false);
    };
    // Signed out, a visible tab or a poll has nothing to learn: signing in reloads the page.
    const onVisible = () => {
      if (refetchOnWindowFocus && document.visibilityState === 'visible' && current) void refetch(true);
    };
    const poll =
      refetchInterval > 0
        ? setInterval(() => {
            if (current && navigator.onLine) void refetch(true);
          }, refetchInterval * 1000)
        : undefined;
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      mounted = false;
      refreshThisTab = () => Promise.resolve();
      showInThisTab = () => undefined;
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(poll);
    };
  }, [refetchOnWindowFocus, refetchInterval]);

  const value = useMemo<SessionState>(
    () => ({
      data: session ?? null,
      status: session === undefined ? 'loading' : session ? 'authenticated' : 'unauthenticated',
    }),
    [session],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}
