'use client';

import NextLink, { useLinkStatus } from 'next/link';
import { forwardRef, useEffect, useRef, type ComponentProps } from 'react';
import { beginNavigation, endNavigation, isHere } from './navigation-progress';

type PortalLinkProps = ComponentProps<typeof NextLink>;

/** Inside a link: tells the navigation progress when this link's navigation starts and ends. */
function NavigationStatus({ href }: { href: PortalLinkProps['href'] }) {
  const { pending } = useLinkStatus();
  const ongoing = useRef<number | null>(null);
  useEffect(() => {
    if (pending && !(typeof href === 'string' && isHere(href))) {
      ongoing.current = beginNavigation();
    } else if (!pending && ongoing.current !== null) {
      endNavigation(ongoing.current);
      ongoing.current = null;
    }
  }, [pending, href]);
  return null;
}

/**
 * Next.js's Link, telling the navigation progress bar while the page it opens is on its way (decision
 * 0047), and not prefetching unless asked to (decision 0048: every page is dynamic, so a prefetch is a
 * server render the move does not use). The portal's Button and TextLink render it for the portal's own
 * pages; lint refuses `next/link` elsewhere, so no link of the portal's is without it.
 */
export const PortalLink = forwardRef<HTMLAnchorElement, PortalLinkProps>(function PortalLink(
  { children, ...props },
  ref,
) {
  return (
    <NextLink ref={ref} prefetch={false} {...props}>
      {children}
      <NavigationStatus href={props.href} />
    </NextLink>
  );
});
