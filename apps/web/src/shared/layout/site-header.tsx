'use client';

import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import type { SiteLinks } from '@/config/site-links';
import { BrandLogo } from './brand-logo';
import { EmergencyLink } from './emergency-link';
import { HeaderNavigation } from './header-navigation';
import { HeaderUserMenu, type HeaderUser } from './header-user-menu';
import { compactHeaderHeight, desktopHeaderHeight, drawerId, siteHeaderId } from './layout-constants';

export interface SiteHeaderProps {
  brandName: string;
  signedIn: boolean;
  user?: HeaderUser | null;
  /** The current path (the shell passes usePathname()), for aria-current. */
  pathname: string;
  links: Pick<SiteLinks, 'emergencyVets'>;
  onSignIn: () => void;
  onLogout: () => void;
  onOpenDrawer: () => void;
  /** Whether the side drawer is open, for the hamburger's aria-expanded. */
  drawerOpen?: boolean;
}

/**
 * R2.11: 130 high with the top navigation and the user menu from the `lg` breakpoint (1200px) up;
 * below it 64 high and compact, with a hamburger that opens the side drawer. Both layouts are in the
 * markup and CSS picks one, so the server render matches the screen without a flash.
 */
export function SiteHeader(props: SiteHeaderProps) {
  const { signedIn } = props;
  return (
    <AppBar
      id={siteHeaderId}
      position="static"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Container
        maxWidth="xl"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          height: { xs: compactHeaderHeight, lg: desktopHeaderHeight },
        }}
      >
        <BrandLogo brandName={props.brandName} signedIn={signedIn} onSignIn={props.onSignIn} />
        <Box sx={{ flexGrow: 1 }} />
        <Box
          data-testid="header-desktop"
          sx={{
            display: { xs: 'none', lg: 'flex' },
            flexDirection: 'column',
            alignItems: 'flex-end',
            gap: 1,
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <EmergencyLink href={props.links.emergencyVets} />
            {signedIn && <HeaderUserMenu user={props.user} onLogout={props.onLogout} />}
          </Box>
          {signedIn && <HeaderNavigation pathname={props.pathname} />}
        </Box>
        <Box data-testid="header-compact" sx={{ display: { xs: 'flex', lg: 'none' }, alignItems: 'center' }}>
          <EmergencyLink href={props.links.emergencyVets} compact />
          {signedIn && (
            <IconButton
              aria-label="Open menu"
              aria-expanded={props.drawerOpen ?? false}
              aria-controls={drawerId}
              onClick={props.onOpenDrawer}
              edge="end"
              sx={{ width: 48, height: 48 }}
            >
              <MenuIcon />
            </IconButton>
          )}
        </Box>
      </Container>
    </AppBar>
  );
}
