import { signIn, type SignInResult } from '@/shared/auth-session/session-client';
import { SIGN_UP_PROVIDER_ID } from '@/shared/auth-session/provider-ids';
import { trackEvent } from '@/shared/telemetry/track-event';
import { signInFailedPath, type SignInRequest } from '@/features/auth/sign-in-requests';

/**
 * The portal page a person sets off from, by its first path segment ('guest', 'invite', 'verified',
 * 'signup'): a name, never an id or a query.
 */
function currentPlace(): string {
  return window.location.pathname.split('/')[1] || 'home';
}

/**
 * Sends the browser to the provider's login through next-auth (which sets the state, PKCE and nonce
 * cookies). An unknown provider or an unloadable provider list sends it to the sign-in or error page;
 * a sign-in whose result carries an error (the CSRF token or next-auth's answer failed, or next-auth's
 * address names an error; session-client logs it) goes to the sign-in screen, which says 'Login failed'
 * and offers to try again from this page.
 *
 * R1.7's Sign Up Page Visited is sent here, for every request for the provider's sign-up page: this is
 * the one way the portal's pages send a person there (a full navigation to /signup is redirected by the
 * server before any page loads, decision 0049, so nothing in the browser sees that one).
 */
export async function startSignIn(request: SignInRequest): Promise<SignInResult | undefined> {
  if (request.providerId === SIGN_UP_PROVIDER_ID) {
    trackEvent('Sign Up Page Visited', { placeNavigatedFrom: currentPlace() });
  }
  const result = await signIn(
    request.providerId,
    { callbackUrl: request.callbackUrl },
    request.authorizationParams,
  );
  if (result?.error) {
    window.location.assign(
      signInFailedPath(`${window.location.pathname}${window.location.search}`, result.error),
    );
  }
  return result;
}
