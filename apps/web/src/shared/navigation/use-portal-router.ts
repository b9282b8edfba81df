'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useTransition } from 'react';
import { beginNavigation, endNavigation, isHere } from './navigation-progress';

export interface PortalRouter {
  push: (href: string) => void;
  replace: (href: string) => void;
  /** Draws the page again on the server, staying where it is (no progress bar: nothing moves). */
  refresh: () => void;
}

/**
 * Next.js's router for the moves the code makes (after a form is sent, a dialog's choice, a redirect),
 * telling the navigation progress bar while the page is on its way, as a link does (decision 0047).
 * `router` is stable, for effects' dependencies. `navigating` stays true until the page arrives: a form
 * that moves on once it is sent keeps its button busy until then, so that it cannot be sent twice.
 */
export function usePortalRouter(): { router: PortalRouter; navigating: boolean } {
  const next = useRouter();
  const [navigating, startTransition] = useTransition();
  const ongoing = useRef<number | null>(null);
  useEffect(() => {
    if (navigating || ongoing.current === null) return;
    endNavigation(ongoing.current);
    ongoing.current = null;
  }, [navigating]);
  const router = useMemo(() => {
    const move = (method: 'push' | 'replace') => (href: string) => {
      if (!isHere(href)) ongoing.current = beginNavigation();
      startTransition(() => next[method](href));
    };
    return {
      push: move('push'),
      replace: move('replace'),
      refresh: () => startTransition(() => next.refresh()),
    };
  }, [next]);
  return { router, navigating };
}
