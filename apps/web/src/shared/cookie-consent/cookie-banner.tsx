'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { recordConsent } from './consent-store';
import { useConsentNoticeDismissed } from './use-consent';

export interface CookieBannerProps {
  /** The provider's cookie policy page. */
  cookiePolicyUrl: string;
}

/**
 * R4.12: shown at the bottom of the page while the consent cookie is absent or empty; its close button
 * stores `true` for 365 days and hides it. The button says what closing means: it accepts analytics.
 *
 * WCAG 2.4.11 (focus not obscured): the banner is `position: sticky` at the end of the page, so it takes
 * its own space below the footer rather than covering it, and while it shows, the page's
 * scroll-padding-bottom equals its height, so the browser scrolls a focused control above it.
 */
export function CookieBanner({ cookiePolicyUrl }: CookieBannerProps) {
  const dismissed = useConsentNoticeDismissed();
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const banner = ref.current;
    if (dismissed || !banner || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.scrollPaddingBottom = `${banner.offsetHeight}px`;
    });
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = '';
    };
  }, [dismissed]);

  if (dismissed) return null;
  return (
    <Box
      ref={ref}
      component="section"
      aria-label="Cookie notice"
      data-testid="cookie-banner"
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 'appBar',
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
        boxShadow: '0 -2px 8px rgba(0, 0, 0, 0.12)',
      }}
    >
      <Container
        maxWidth="xl"
        sx={{ py: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}
      >
        <Typography sx={{ flex: '1 1 30ch' }}>
          We use cookies to make this portal work and, with your agreement, to understand how it is used so we
          can improve it. Read our{' '}
          <Link component="a" href={cookiePolicyUrl}>
            cookie policy
          </Link>
          .
        </Typography>
        <Button variant="contained" onClick={recordConsent} sx={{ minHeight: 44 }}>
          Accept and close
        </Button>
      </Container>
    </Box>
  );
}
