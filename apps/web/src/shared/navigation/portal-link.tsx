'use client';

import { AppRouterContext } from 'next/dist/shared/lib/app-router-context.shared-runtime';
import { forwardRef, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useTrackedMove } from './use-tracked-move';

type PortalLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** A click the browser should handle itself: a new tab or window, a download, another site. */
function leftToBrowser(event: MouseEvent<HTMLAnchorElement>): boolean {
  const link = event.currentTarget;
  const target = link.getAttribute('target');
  return (
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (target !== null && target !== '_self') ||
    link.hasAttribute('download') ||
    link.origin !== window.location.origin
  );
}

/**
 * A link to one of the portal's pages, moved to by Next.js's router as its Link does, and telling the
 * navigation progress bar while the page is on its way (decision 0047). Not Next.js's Link (decision
 * 0149): the portal never prefetches (every page is dynamic, decision 0048), and Link's prefetching and
 * URL-object code was 4 kB on every page. Outside an app router (unit tests) it is a plain link. The
 * portal's Button and TextLink render it; lint refuses `next/link` elsewhere.
 */
export const PortalLink = forwardRef<HTMLAnchorElement, PortalLinkProps>(function PortalLink(
  { onClick, ...props },
  ref,
) {
  const router = useContext(AppRouterContext);
  const { move } = useTrackedMove();
  return (
    <a
      ref={ref}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !router || leftToBrowser(event)) return;
        event.preventDefault();
        move(props.href, () => router.push(props.href));
      }}
    />
  );
});
