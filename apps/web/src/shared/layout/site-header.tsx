'use client';

import type { SiteLinks } from '@/config/site-links';
import { Container } from '@/shared/ui/container';
import { IconButton } from '@/shared/ui/icon-button';
import { MenuIcon } from '@/shared/ui/icons';
import { BrandLogo } from './brand-logo';
import { EmergencyLink } from './emergency-link';
import { HeaderNavigation } from './header-navigation';
import { HeaderPracticeLink } from './header-practice-link';
import { HeaderUserMenu, type HeaderUser } from './header-user-menu';
import { drawerId, siteHeaderId } from './layout-constants';
import styles from './site-header.module.css';

export interface SiteHeaderProps {
  brandName: string;
  signedIn: boolean;
  user?: HeaderUser | null;
  /** The signed-in client's home practice: its name links to Your practice (R2.33). */
  practiceName?: string | null;
  /** The current path (the shell passes usePathname()), for aria-current. */
  pathname: string;
  links: Pick<SiteLinks, 'emergencyVets'>;
  onSignIn: () => void;
  onLogout: () => void;
  onOpenDrawer: () => void;
  /** Whether the side drawer is open, for the hamburger's aria-expanded. */
  drawerOpen?: boolean;
  /** The Messages link's count of unread answers. */
  unreadMessages?: number;
}

/**
 * R2.11: 130 high with the top navigation and the user menu from the `lg` breakpoint (1200px) up;
 * below it 64 high and compact, with a hamburger that opens the side drawer. Both layouts are in the
 * markup and CSS picks one, so the server render matches the screen without a flash.
 */
export function SiteHeader(props: SiteHeaderProps) {
  const { signedIn } = props;
  return (
    <header id={siteHeaderId} className={styles.root}>
      <Container maxWidth="xl" className={styles.row}>
        <BrandLogo brandName={props.brandName} signedIn={signedIn} onSignIn={props.onSignIn} />
        <div className={styles.spacer} />
        <div data-testid="header-desktop" className={styles.desktop}>
          <div className={styles.actions}>
            {signedIn && props.practiceName && (
              <HeaderPracticeLink name={props.practiceName} current={props.pathname === '/your-practice'} />
            )}
            <EmergencyLink href={props.links.emergencyVets} />
            {signedIn && <HeaderUserMenu user={props.user} onLogout={props.onLogout} />}
          </div>
          {signedIn && <HeaderNavigation pathname={props.pathname} unreadMessages={props.unreadMessages} />}
        </div>
        <div data-testid="header-compact" className={styles.compact}>
          <EmergencyLink href={props.links.emergencyVets} compact />
          {signedIn && (
            <IconButton
              aria-label="Open menu"
              aria-expanded={props.drawerOpen ?? false}
              aria-controls={drawerId}
              onClick={props.onOpenDrawer}
              edge="end"
              className={styles.hamburger}
            >
              <MenuIcon />
            </IconButton>
          )}
        </div>
      </Container>
    </header>
  );
}
