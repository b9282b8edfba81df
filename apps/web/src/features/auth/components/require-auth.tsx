'use client';

import { useSession } from '@/shared/auth-session/session-client';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLogout } from '@/shared/auth-session/logout-context';
import { LoadingSpinner } from '@/shared/components/loading-spinner';
import { SESSION_STORAGE_KEYS } from '@/shared/storage/storage-keys';
import { requiredPageSignIn } from '@/features/auth/sign-in-requests';
import { startSignInOnDemand } from './start-sign-in-on-demand';

function storedVerificationMode(): string | null {
  try {
    return window.sessionStorage.getItem(SESSION_STORAGE_KEYS.vMode);
  } catch {
    return null;
  }
}

/**
 * R2.20 and R4.4: a page that needs a signed-in user shows a centred spinner until the session is known;
 * without a session (never signed in, signed out in another tab, or ended on the server) it goes
 * straight to the provider's login and back to this page (next-auth's SessionRequired, without the
 * intermediate sign-in page). Not while logging out: that navigation is already under way.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loggingOut } = useLogout();
  const started = useRef(false);
  const { status } = useSession();

  useEffect(() => {
    if (status !== 'unauthenticated' || loggingOut || started.current) return;
    started.current = true;
    void startSignInOnDemand(requiredPageSignIn(window.location, storedVerificationMode()));
  }, [status, loggingOut]);

  if (status !== 'authenticated') return <LoadingSpinner label="Loading your account" />;
  return children;
}
