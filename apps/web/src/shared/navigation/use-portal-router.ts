'use client';

import { useRouter } from 'next/navigation';
import { useMemo } from 'react';
import { useTrackedMove } from './use-tracked-move';

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
  const { navigating, move } = useTrackedMove();
  const router = useMemo(
    () => ({
      push: (href: string) => move(href, () => next.push(href)),
      replace: (href: string) => move(href, () => next.replace(href)),
      refresh: () => move(null, () => next.refresh()),
    }),
    [next, move],
  );
  return { router, navigating };
}
