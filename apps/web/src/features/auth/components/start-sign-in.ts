import { signIn } from '@/shared/auth-session/session-client';
import type { SignInRequest } from '@/features/auth/sign-in-requests';

/**
 * Sends the browser to the provider's login through next-auth (which sets the state, PKCE and nonce
 * cookies). An unknown provider or an unloadable provider list sends it to the sign-in or error page.
 */
export function startSignIn(request: SignInRequest): Promise<unknown> {
  return signIn(request.providerId, { callbackUrl: request.callbackUrl }, request.authorizationParams);
}
