'use client';

import { useEffect, useRef, useState } from 'react';

/** What counts as the person being there (on the document, in the capture phase). */
const activityEvents = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'touchmove'] as const;

/** The channel the portal's tabs share their last activity on. */
export const INACTIVITY_CHANNEL = 'portal-inactivity';

interface ActivityMessage {
  type: 'active';
  /** When the person was last active in the sending tab (ms since the epoch). */
  at: number;
}

export interface InactivityTimerOptions {
  /** Idle for this long: `onIdle`. */
  timeoutMs: number;
  /** This long before `timeoutMs`: `onPrompt`. */
  promptBeforeMs: number;
  /** Activity is handled (told to other tabs, `onAction`) at most once in this long. */
  throttleMs: number;
  /** Share activity with the portal's other tabs: activity in any tab counts in all. */
  crossTab: boolean;
  onPrompt: () => void;
  onIdle: () => void;
  /** Activity (here or in another tab) after a prompt: the prompt is over. */
  onActive: () => void;
  /** Activity in this tab (throttled). */
  onAction: () => void;
}

export interface InactivityTimer {
  /** The person chose to stay: counts as activity now, in every tab, and ends a prompt. */
  activate: () => void;
  /** How long until `onIdle`, from now. */
  remainingMs: () => number;
}

/**
 * Detects a person's absence (R4.10, R9.1), the portal's own in place of react-idle-timer (decision
 * 0040): one timeout set for when the prompt is due, re-checked when it fires, since activity (here or
 * in another tab) only moves a timestamp. While prompted, activity in this tab is ignored: only
 * `activate` (the warning's button) or activity in another tab ends the prompt. A timer that fires
 * late (the computer slept, the tab was frozen) finds the idle time as it is: past `timeoutMs`, it is
 * `onIdle` without a prompt; activity arriving before such a late timer runs the same check first, so
 * waking the machine cannot undo a timeout that has already passed.
 */
export function useInactivityTimer(options: InactivityTimerOptions): InactivityTimer {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const api = useRef<InactivityTimer>(null);

  const { crossTab } = options;
  useEffect(() => {
    const s = { lastActive: Date.now(), prompted: false, idle: false, lastHandled: 0 };
    const channel =
      crossTab && typeof BroadcastChannel === 'function' ? new BroadcastChannel(INACTIVITY_CHANNEL) : null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const schedule = (at: number) => {
      clearTimeout(timer);
      timer = setTimeout(check, Math.max(0, at - Date.now()));
    };

    /** Where the person stands now: prompt, idle, or not yet (and when to look again). */
    function check() {
      if (s.idle) return;
      const { timeoutMs, promptBeforeMs } = latest.current;
      const idleMs = Date.now() - s.lastActive;
      if (idleMs >= timeoutMs) {
        s.idle = true;
        s.prompted = false;
        clearTimeout(timer);
        latest.current.onIdle();
      } else if (s.prompted) {
        schedule(s.lastActive + timeoutMs);
      } else if (idleMs >= timeoutMs - promptBeforeMs) {
        s.prompted = true;
        schedule(s.lastActive + timeoutMs);
        latest.current.onPrompt();
      } else {
        schedule(s.lastActive + timeoutMs - promptBeforeMs);
      }
    }

    /** Activity at `at`, from this tab or another: the idle time starts again. */
    const resume = (at: number) => {
      if (s.idle || at <= s.lastActive) return;
      s.lastActive = at;
      const wasPrompted = s.prompted;
      s.prompted = false;
      schedule(at + latest.current.timeoutMs - latest.current.promptBeforeMs);
      if (wasPrompted) latest.current.onActive();
    };

    const shareActivity = (at: number) => {
      channel?.postMessage({ type: 'active', at } satisfies ActivityMessage);
    };

    const onActivity = () => {
      if (s.idle || s.prompted) return;
      const now = Date.now();
      // A timer due while the machine slept has not run yet: settle that first.
      if (now - s.lastActive >= latest.current.timeoutMs - latest.current.promptBeforeMs) {
        check();
        if (s.idle || s.prompted) return;
      }
      if (now - s.lastHandled < latest.current.throttleMs) {
        s.lastActive = now;
        return;
      }
      s.lastHandled = now;
      resume(now);
      shareActivity(now);
      latest.current.onAction();
    };

    const onMessage = (event: MessageEvent<ActivityMessage>) => {
      if (event.data?.type === 'active' && Number.isFinite(event.data.at)) {
        resume(Math.min(event.data.at, Date.now()));
      }
    };

    api.current = {
      activate: () => {
        const now = Date.now();
        resume(now);
        shareActivity(now);
      },
      remainingMs: () => Math.max(0, s.lastActive + latest.current.timeoutMs - Date.now()),
    };

    for (const type of activityEvents)
      document.addEventListener(type, onActivity, { capture: true, passive: true });
    channel?.addEventListener('message', onMessage);
    check();
    return () => {
      clearTimeout(timer);
      for (const type of activityEvents) document.removeEventListener(type, onActivity, { capture: true });
      channel?.close();
      api.current = null;
    };
  }, [crossTab]);

  // Stable functions, usable before the effect has run (they do nothing then).
  const [handle] = useState<InactivityTimer>(() => ({
    activate: () => api.current?.activate(),
    remainingMs: () => api.current?.remainingMs() ?? latest.current.timeoutMs,
  }));
  return handle;
}
