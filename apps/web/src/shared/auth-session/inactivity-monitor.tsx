'use client';

import { useEffect, useState, type ComponentType } from 'react';
import type { InactivityGuard } from './inactivity-guard';
import { useLogout } from './logout-context';
import { useSession } from './session-client';

type Guard = ComponentType<Parameters<typeof InactivityGuard>[0]>;

/** A failed fetch of the guard's code (offline) is tried again this often while signed in. */
export const GUARD_RETRY_MS = 30_000;

const loadGuard = (): Promise<Guard> => import('./inactivity-guard').then((module) => module.InactivityGuard);

/**
 * Watches for inactivity on signed-in pages only; logging out uses the shared logout. The guard's code
 * loads once someone is signed in, so signed-out pages never carry it (decision 0038). It is not behind a button: a failed fetch says nothing and is tried again every
 * GUARD_RETRY_MS; meanwhile the server still ends a session no request has touched for 16 minutes.
 */
export function InactivityMonitor({ load = loadGuard }: { load?: () => Promise<Guard> }) {
  const { status } = useSession();
  const { logout, loggingOut } = useLogout();
  const signedIn = status === 'authenticated' && !loggingOut;
  const [Guard, setGuard] = useState<Guard | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!signedIn || Guard) return;
    let current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    load().then(
      (loaded) => {
        if (current) setGuard(() => loaded);
      },
      () => {
        if (current) retry = setTimeout(() => setAttempt((n) => n + 1), GUARD_RETRY_MS);
      },
    );
    return () => {
      current = false;
      clearTimeout(retry);
    };
  }, [signedIn, Guard, load, attempt]);

  if (!signedIn || !Guard) return null;
  return <Guard onLogout={() => void logout()} />;
}
