'use client';

import { useSession } from '@/shared/auth-session/session-client';
import { useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { LOCAL_STORAGE_KEYS } from '@/shared/storage/storage-keys';
import { signInScreenAction } from '@/features/auth/sign-in-requests';
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

/** The sign-in redirect screen, R2.16 (see signInScreenAction for its rule, kept as the original has it). */
export function SignInRedirect() {
  const { status } = useSession();
  const practice = useSearchParams().get('practice');
  const { router } = usePortalRouter();
  const done = useRef(false);

  useEffect(() => {
    if (status === 'loading' || done.current) return;
    done.current = true;
    const action = signInScreenAction(status === 'authenticated', practice, storedGlTag());
    if (action.kind === 'sign-in') void startSignIn(action.request);
    else router.replace(action.path);
  }, [status, practice, router]);

  return <RedirectScreen heading="Sign in" label="Signing you in" />;
}
