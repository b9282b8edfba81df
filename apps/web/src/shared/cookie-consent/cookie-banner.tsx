'use client';

import { useEffect, useRef } from 'react';
import { Button } from '@/shared/ui/button';
import { Container } from '@/shared/ui/container';
import { TextLink } from '@/shared/ui/text-link';
import styles from './cookie-banner.module.css';
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
    <section ref={ref} aria-label="Cookie notice" data-testid="cookie-banner" className={styles.banner}>
      <Container maxWidth="xl" className={styles.content}>
        <p className={styles.text}>
          We use cookies to make this portal work and, with your agreement, to understand how it is used so we
          can improve it. Read our{' '}
          <TextLink href={cookiePolicyUrl} external>
            cookie policy
          </TextLink>
          .
        </p>
        <Button variant="contained" onClick={recordConsent} className={styles.accept}>
          Accept and close
        </Button>
      </Container>
    </section>
  );
}
