'use client';

import { useCallback, useEffect, useRef, useTransition } from 'react';
import { beginNavigation, endNavigation, isHere } from './navigation-progress';

/**
 * A move to `href` in a transition the navigation progress bar follows until the page arrives (decision
 * 0047), for a link (PortalLink) and for the moves the code makes (usePortalRouter) alike. `navigating`
 * stays true until then; `move` is stable. `href` null: a refresh, where nothing moves (no progress bar).
 */
export function useTrackedMove(): {
  navigating: boolean;
  move: (href: string | null, go: () => void) => void;
} {
  const [navigating, startTransition] = useTransition();
  const ongoing = useRef<number | null>(null);
  useEffect(() => {
    if (navigating || ongoing.current === null) return;
    endNavigation(ongoing.current);
    ongoing.current = null;
  }, [navigating]);
  const move = useCallback((href: string | null, go: () => void) => {
    if (href !== null && !isHere(href)) ongoing.current = beginNavigation();
    startTransition(go);
  }, []);
  return { navigating, move };
}
