import type { SignInRequest } from '@/features/auth/sign-in-requests';

/**
 * startSignIn, its code (and the product event it may send) fetched when a sign-in starts: the frame and
 * RequireAuth only need it for a person signed out, so signed-in pages do not carry it (decision 0149).
 */
export async function startSignInOnDemand(request: SignInRequest): Promise<void> {
  const { startSignIn } = await import('./start-sign-in');
  await startSignIn(request);
}
