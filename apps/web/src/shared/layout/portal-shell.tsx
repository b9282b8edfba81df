'use client';

import { usePathname } from 'next/navigation';
import { useCallback, useState, type ReactNode } from 'react';
import { CookieBanner } from '@/shared/cookie-consent/cookie-banner';
import { SkipLink } from '@/shared/components/skip-link';
import { NavigationProgressBar } from '@/shared/navigation/navigation-progress-bar';
import type { SiteLinks } from '@/config/site-links';
import { Container } from '@/shared/ui/container';
import { Breadcrumbs } from './breadcrumbs';
import type { DrawerPet } from './drawer-pets';
import type { HeaderUser } from './header-user-menu';
import { isHeaderHidden } from './header-visibility';
import { mainContentId } from './layout-constants';
import { pageBackground } from './page-background';
import { OnDemandSideDrawer } from './on-demand-side-drawer';
import styles from './portal-shell.module.css';
import { SiteHeader } from './site-header';

export interface PortalShellProps {
  brandName: string;
  links: SiteLinks;
  signedIn: boolean;
  user?: HeaderUser | null;
  /** The home practice's name, for the header's link to Your practice. */
  practiceName?: string | null;
  /** The drawer's pets: all of them, or the first 3 by name with `petTotal`. */
  pets?: readonly DrawerPet[];
  petTotal?: number;
  petsLoading?: boolean;
  /** The practice's answers the client has not opened: the Messages link's count (issue 66). */
  unreadMessages?: number;
  onSignIn: () => void;
  onLogout: () => void;
  /** Names for path segments the breadcrumb table does not know, e.g. a pet's name by its id. */
  breadcrumbNames?: Readonly<Record<string, string>>;
  /**
   * The site footer (`SiteFooter`), drawn on the server by the root layout: it has no state, so its
   * links and icons stay out of every page's scripts (decision 0118).
   */
  footer: ReactNode;
  children: ReactNode;
}

/** What the root layout gives a page's frame: the signed-in portal's (PortalFrame) or maintenance's. */
export type FrameProps = Pick<PortalShellProps, 'brandName' | 'links' | 'footer' | 'children'>;

/**
 * The portal's frame (R2.4): the navigation progress bar (decision 0047), skip link, header (hidden on
 * guest, maintenance, auth0 and registration paths), side drawer, breadcrumbs, the page's background,
 * the main landmark, footer and cookie banner. Everything about the user arrives as props: shared code
 * knows nothing of sign-in or pets.
 */
export function PortalShell(props: PortalShellProps) {
  const pathname = usePathname() ?? '/';
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const headerShown = !isHeaderHidden(pathname);

  return (
    <div className={styles.frame} style={{ backgroundColor: pageBackground(pathname) }}>
      <NavigationProgressBar />
      <SkipLink targetId={mainContentId} />
      {headerShown && (
        <SiteHeader
          brandName={props.brandName}
          signedIn={props.signedIn}
          user={props.user}
          practiceName={props.practiceName}
          pathname={pathname}
          links={props.links}
          onSignIn={props.onSignIn}
          onLogout={props.onLogout}
          onOpenDrawer={() => setDrawerOpen(true)}
          drawerOpen={drawerOpen}
          unreadMessages={props.unreadMessages}
        />
      )}
      {headerShown && props.signedIn && (
        <OnDemandSideDrawer
          open={drawerOpen}
          onClose={closeDrawer}
          pets={props.pets}
          petTotal={props.petTotal}
          petsLoading={props.petsLoading}
          unreadMessages={props.unreadMessages}
          onLogout={props.onLogout}
        />
      )}
      <main id={mainContentId} tabIndex={-1} className={styles.main}>
        {headerShown && props.signedIn && (
          <Container maxWidth="xl">
            <Breadcrumbs pathname={pathname} names={props.breadcrumbNames} />
          </Container>
        )}
        {props.children}
      </main>
      {props.footer}
      <CookieBanner cookiePolicyUrl={props.links.cookies} />
    </div>
  );
}
