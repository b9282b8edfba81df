'use client';

import { useSyncExternalStore } from 'react';
import { hasAnalyticsConsent, isConsentNoticeDismissed, subscribeToConsent } from './consent-store';

/**
 * The consent state for rendering. The server (and the hydrating render) reads "dismissed, no
 * analytics", so nothing flashes in and the banner appears only once the browser has read the cookie.
 */
export function useConsentNoticeDismissed(): boolean {
  return useSyncExternalStore(subscribeToConsent, isConsentNoticeDismissed, () => true);
}

export function useAnalyticsConsent(): boolean {
  return useSyncExternalStore(subscribeToConsent, hasAnalyticsConsent, () => false);
}
