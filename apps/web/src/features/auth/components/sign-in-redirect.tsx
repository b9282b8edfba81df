'use client';

import { useSession } from '@/shared/auth-session/session-client';
import { useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { LOGIN_FAILED } from '@/shared/auth-session/auth-log';
import { ErrorScreen } from '@/shared/components/error-screen';
import { LOCAL_STORAGE_KEYS } from '@/shared/storage/storage-keys';
import { signInRetryPath, signInScreenAction } from '@/features/auth/sign-in-requests';
import { usePortalRouter } from '@/shared/navigation/use-portal-router';
import { RedirectScreen } from './redirect-screen';
import { startSignIn } from './start-sign-in';

function storedGlTag(): string | null {
  try {
    return window.localStorage.getItem(LOCAL_STORAGE_KEYS.glTag);
  } catch {
    return null;
  }
}

/**
 * The sign-in redirect screen, R2.16 (see signInScreenAction for its rule, kept as the original has it).
 * With an `error` (next-auth sends a failed callback here, and startSignIn a sign-in that could not
 * start) it says so instead, with R8.2's fallback: next-auth's codes are no message for a person, and
 * starting again at once could loop through the provider.
 */
export function SignInRedirect() {
  const { status } = useSession();
  const query = useSearchParams();
  const practice = query.get('practice');
  const failed = query.has('error');
  const { router } = usePortalRouter();
  const done = useRef(false);

  useEffect(() => {
    if (failed || status === 'loading' || done.current) return;
    done.current = true;
    const action = signInScreenAction(status === 'authenticated', practice, storedGlTag());
    if (action.kind === 'sign-in') void startSignIn(action.request);
    else router.replace(action.path);
  }, [failed, status, practice, router]);

  if (failed)
    return <ErrorScreen retryPath={signInRetryPath(query.get('callbackUrl'))} message={LOGIN_FAILED} />;
  return <RedirectScreen heading="Sign in" label="Signing you in" />;
}
