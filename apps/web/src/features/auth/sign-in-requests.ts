import {
  SIGN_IN_PROVIDER_ID,
  SIGN_UP_PROVIDER_ID,
  type ProviderId,
} from '@/shared/auth-session/provider-ids';

/**
 * Which provider, with which authorization parameters and return path, each sign-in entry point uses
 * (R2.16, R2.17, R4.4 and R4.8). Pure, so the rules are tested without a browser.
 */

/** R4.8: sign-in asks for a login prompt and the sign-in screen. */
export const SIGN_IN_AUTHORIZATION_PARAMS: Record<string, string> = {
  prompt: 'login',
  screen_hint: 'signin',
};
/** R2.17: the sign-up screen asks for screen_hint signup and prompt login. */
export const SIGN_UP_AUTHORIZATION_PARAMS: Record<string, string> = {
  screen_hint: 'signup',
  prompt: 'login',
};

export type SignInRequest = {
  providerId: ProviderId;
  callbackUrl: string;
  authorizationParams: Record<string, string>;
};

/** R4.8: a login prompt and the sign-in screen, and the callback is / (the header's logo, R2.10). */
export function portalSignInRequest(): SignInRequest {
  return {
    providerId: SIGN_IN_PROVIDER_ID,
    callbackUrl: '/',
    authorizationParams: SIGN_IN_AUTHORIZATION_PARAMS,
  };
}

/**
 * A page that needs a signed-in user, visited without one (R4.4 and R8.4, SessionRequired): straight to
 * the provider's login, returning to the same page. On /verified after a sign-up e-mail (stored vMode
 * 'signup') it asks for the sign-up screen instead, and so does /invite: a practice invites clients
 * who have no account yet (the provider's sign-up screen links to its sign-in for those who have).
 */
export function requiredPageSignIn(
  location: { pathname: string; search: string },
  storedVerificationMode: string | null,
): SignInRequest {
  const callbackUrl = `${location.pathname}${location.search}`;
  const signsUp =
    (location.pathname === '/verified' && storedVerificationMode === 'signup') ||
    location.pathname === '/invite';
  if (signsUp) {
    return {
      providerId: SIGN_UP_PROVIDER_ID,
      callbackUrl,
      authorizationParams: SIGN_UP_AUTHORIZATION_PARAMS,
    };
  }
  return { providerId: SIGN_IN_PROVIDER_ID, callbackUrl, authorizationParams: SIGN_IN_AUTHORIZATION_PARAMS };
}

/** The sign-up redirect screen (R2.17): back to /?practice={practice}, or /. */
export function signUpScreenRequest(practice: string | null): SignInRequest {
  return {
    providerId: SIGN_UP_PROVIDER_ID,
    callbackUrl: practice ? `/?${new URLSearchParams({ practice }).toString()}` : '/',
    authorizationParams: SIGN_UP_AUTHORIZATION_PARAMS,
  };
}

export type SignInScreenAction = { kind: 'sign-in'; request: SignInRequest } | { kind: 'go'; path: string };

/**
 * The sign-in redirect screen (R2.16), exactly as the original behaves. It reads inverted, but it works:
 * a signed-in user is sent through the provider's login again (prompt=login, i.e. "sign in as
 * someone else") and back to /; a signed-out user is sent to the dashboard, which requires sign-in and
 * so starts it, carrying the practice or the analytics tag (_gl) along.
 */
export function signInScreenAction(
  signedIn: boolean,
  practice: string | null,
  storedGlTag: string | null,
): SignInScreenAction {
  if (signedIn) return { kind: 'sign-in', request: portalSignInRequest() };
  if (practice) return { kind: 'go', path: `/?${new URLSearchParams({ practice }).toString()}` };
  return {
    kind: 'go',
    path: storedGlTag ? `/?${new URLSearchParams({ _gl: storedGlTag }).toString()}` : '/',
  };
}

/**
 * A sign-in that failed (R8.2): the sign-in screen, next-auth's `pages.signIn`, with the error (the sign-in
 * result's, else next-auth's catch-all `Signin`) and the page to try again from, as next-auth sends a
 * failed callback there (`error`, `callbackUrl`).
 */
export function signInFailedPath(retryFrom: string, error = 'Signin'): string {
  return `/signin?${new URLSearchParams({ error, callbackUrl: retryFrom }).toString()}`;
}

/**
 * Where the failed sign-in screen's Try Again goes: the path of its `callbackUrl` on the portal itself,
 * whatever origin that named, so it can never lead elsewhere; `/` without one.
 */
export function signInRetryPath(callbackUrl: string | null): string {
  if (!callbackUrl) return '/';
  try {
    const { pathname, search, hash } = new URL(callbackUrl, 'http://portal.invalid');
    // One leading slash: `//elsewhere.example` would be another host.
    return `/${pathname.replace(/^\/+/, '')}${search}${hash}`;
  } catch {
    return '/';
  }
}

/** Where a guest who holds a time goes after the provider: the held time is booked there (R4.25). */
export const GUEST_COMPLETE_PATH = '/guest/complete';

/**
 * A guest keeping a held time: the provider's sign-up screen (or its sign-in screen, "I already have
 * an account"), returning to /guest/complete, which sends an unlinked person through onboarding first.
 */
export function guestKeepRequest(hasAccount: boolean): SignInRequest {
  return hasAccount
    ? {
        providerId: SIGN_IN_PROVIDER_ID,
        callbackUrl: GUEST_COMPLETE_PATH,
        authorizationParams: SIGN_IN_AUTHORIZATION_PARAMS,
      }
    : {
        providerId: SIGN_UP_PROVIDER_ID,
        callbackUrl: GUEST_COMPLETE_PATH,
        authorizationParams: SIGN_UP_AUTHORIZATION_PARAMS,
      };
}
