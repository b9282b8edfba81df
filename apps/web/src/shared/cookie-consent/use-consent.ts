'use client';

import { useSyncExternalStore } from 'react';
import { hasAnalyticsConsent, isConsentNoticeDismissed, subscribeToConsent } from './consent-store';
import { useServerConsentCookie } from './server-consent';

/**
 * The consent state for rendering. The server (and the hydrating render) read the cookie the request
 * carried (ServerConsentCookieProvider), so a banner that is due is in the first HTML; without that
 * provider they read "dismissed", and the banner appears once the browser has read the cookie.
 */
export function useConsentNoticeDismissed(): boolean {
  const serverCookie = useServerConsentCookie();
  // R4.12's rule on the server's reading: the notice is due while the cookie is absent or empty.
  const serverSnapshot = () => serverCookie !== '';
  return useSyncExternalStore(subscribeToConsent, isConsentNoticeDismissed, serverSnapshot);
}

/** Analytics never start from the server's reading: the tag loads only in the browser, after consent. */
export function useAnalyticsConsent(): boolean {
  return useSyncExternalStore(subscribeToConsent, hasAnalyticsConsent, () => false);
}
