'use client';

import { updateSession } from './session-client';
import { useEffect, useRef, useState } from 'react';
import {
  ACTIVITY_DEBOUNCE_MS,
  ACTIVITY_HEARTBEAT_MS,
  IDLE_WARNING_BEFORE_MS,
  INACTIVITY_TIMEOUT_MS,
  WARNING_COUNTDOWN_SECONDS,
} from './inactivity-constants';
import { SessionExpiryDialog } from './session-expiry-dialog';
import { useInactivityTimer, type InactivityTimer } from './use-inactivity-timer';

/**
 * R4.10 and R9.1: 14 minutes without activity opens the warning, whose countdown ends in logout at 15.
 * Activity in any tab of the portal counts (crossTab), and 'Continue session' in one tab closes the
 * warning in all. If the idle time already exceeds 15 minutes when the detector fires (the computer
 * slept, the tab was frozen), it logs out at once, without a warning. Activity also tells the server,
 * at most every ACTIVITY_HEARTBEAT_MS, that the session is in use (R7.11's session update, decision
 * 0100): the server ends sessions no request has touched for 16 minutes, and a person reading or typing
 * makes no requests.
 */
export function InactivityGuard({
  onLogout,
  crossTab = true,
  heartbeat = () => void updateSession(),
}: {
  onLogout: () => void;
  crossTab?: boolean;
  /** Tells the server the session is in use (tests count the calls). */
  heartbeat?: () => void;
}) {
  const [warning, setWarning] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(WARNING_COUNTDOWN_SECONDS);
  const lastBeat = useRef<number | null>(null);

  const timer = useInactivityTimer({
    timeoutMs: INACTIVITY_TIMEOUT_MS,
    promptBeforeMs: IDLE_WARNING_BEFORE_MS,
    throttleMs: ACTIVITY_DEBOUNCE_MS,
    crossTab,
    onPrompt: () => {
      setSecondsLeft(secondsLeftOf(timer));
      setWarning(true);
    },
    onIdle: () => {
      setWarning(false);
      void oneTabLogsOut(onLogout);
    },
    onActive: () => setWarning(false),
    onAction: () => {
      const now = Date.now();
      lastBeat.current ??= now;
      if (now - lastBeat.current < ACTIVITY_HEARTBEAT_MS) return;
      lastBeat.current = now;
      heartbeat();
    },
  });

  useEffect(() => {
    if (!warning) return;
    const tick = setInterval(() => setSecondsLeft(secondsLeftOf(timer)), 1000);
    return () => clearInterval(tick);
  }, [warning, timer]);

  return (
    <SessionExpiryDialog
      open={warning}
      secondsLeft={secondsLeft}
      onContinue={() => {
        timer.activate();
        setWarning(false);
      }}
      onLogout={onLogout}
    />
  );
}

/** Held by the tab that logs out when the time is up; released when it leaves. */
export const IDLE_LOGOUT_LOCK = 'portal-idle-logout';
/** How long the tab keeps the lock after starting its logout, should the browser not leave (offline). */
export const IDLE_LOGOUT_LOCK_HOLD_MS = 10_000;

/**
 * When the time is up, every idle tab's countdown ends at once. One of them logs out; the others wait
 * for next-auth's sign-out message, which sends them to sign in. Logging out in two tabs at once would
 * ask the provider twice to end one session, and the second tab would be left on the provider's error
 * page. A browser without Web Locks logs out in each tab, as before.
 */
export async function oneTabLogsOut(
  logout: () => void | Promise<void>,
  locks: Pick<LockManager, 'request'> | undefined = globalThis.navigator?.locks,
): Promise<void> {
  if (!locks) {
    await logout();
    return;
  }
  await locks.request(IDLE_LOGOUT_LOCK, { ifAvailable: true }, async (lock) => {
    if (!lock) return;
    await logout();
    // Normally the browser leaves first, which releases the lock.
    await new Promise((resolve) => setTimeout(resolve, IDLE_LOGOUT_LOCK_HOLD_MS));
  });
}

function secondsLeftOf(timer: InactivityTimer): number {
  return Math.max(0, Math.ceil(timer.remainingMs() / 1000));
}
