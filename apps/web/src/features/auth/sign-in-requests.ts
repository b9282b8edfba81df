import {
  SIGN_IN_PROVIDER_ID,
  SIGN_UP_PROVIDER_ID,
  type ProviderId,
} from '../../shared/auth-session/provider-ids';

/**
 * Which provider, with which authorization parameters and return path, each sign-in entry point uses
 * (spec 2 and 4). Pure, so the rules are tested without a browser.
 */

/** Spec 4: "Sign-in uses a login prompt and a signin hint". */
export const SIGN_IN_AUTHORIZATION_PARAMS: Record<string, string> = {
  prompt: 'login',
  screen_hint: 'signin',
};
/** Spec 2: the sign-up screen asks for screen_hint signup and prompt login. */
export const SIGN_UP_AUTHORIZATION_PARAMS: Record<string, string> = {
  screen_hint: 'signup',
  prompt: 'login',
};

export type SignInRequest = {
  providerId: ProviderId;
  callbackUrl: string;
  authorizationParams: Record<string, string>;
};

/** Spec 4: "Sign-in uses a login prompt and a signin hint, and the callback is /" (the header's logo). */
export function portalSignInRequest(): SignInRequest {
  return {
    providerId: SIGN_IN_PROVIDER_ID,
    callbackUrl: '/',
    authorizationParams: SIGN_IN_AUTHORIZATION_PARAMS,
  };
}

/**
 * A page that needs a signed-in user, visited without one (spec 4 and 8, SessionRequired): straight to
 * the provider's login, returning to the same page. On /verified after a sign-up e-mail (stored vMode
 * 'signup') it asks for the sign-up screen instead.
 */
export function requiredPageSignIn(
  location: { pathname: string; search: string },
  storedVerificationMode: string | null,
): SignInRequest {
  const callbackUrl = `${location.pathname}${location.search}`;
  if (location.pathname === '/verified' && storedVerificationMode === 'signup') {
    return {
      providerId: SIGN_UP_PROVIDER_ID,
      callbackUrl,
      authorizationParams: SIGN_UP_AUTHORIZATION_PARAMS,
    };
  }
  return { providerId: SIGN_IN_PROVIDER_ID, callbackUrl, authorizationParams: SIGN_IN_AUTHORIZATION_PARAMS };
}

/** Spec 2, sign-up redirect screen: back to /?practice={practice}, or /. */
export function signUpScreenRequest(practice: string | null): SignInRequest {
  return {
    providerId: SIGN_UP_PROVIDER_ID,
    callbackUrl: practice ? `/?${new URLSearchParams({ practice }).toString()}` : '/',
    authorizationParams: SIGN_UP_AUTHORIZATION_PARAMS,
  };
}

export type SignInScreenAction = { kind: 'sign-in'; request: SignInRequest } | { kind: 'go'; path: string };

/**
 * Spec 2, sign-in redirect screen, exactly as the original behaves. It reads inverted, but it works:
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
