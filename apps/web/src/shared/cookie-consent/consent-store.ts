import { allowsAnalytics, consentCookie, isConsentRecorded } from './consent-cookie';

/**
 * The browser's consent state, read from `document.cookie`, with listeners so the banner, the consent
 * gate and telemetry all react to the one click. On the server everything reads as "not yet".
 */
const listeners = new Set<() => void>();

function cookies(): string {
  return typeof document === 'undefined' ? '' : document.cookie;
}

/** Whether the banner has been closed (the cookie holds any value). */
export function isConsentNoticeDismissed(): boolean {
  return isConsentRecorded(cookies());
}

/** Whether analytics (the tag manager, product events) may run. */
export function hasAnalyticsConsent(): boolean {
  return allowsAnalytics(cookies());
}

/** The banner's close button: stores `true` for 365 days on path / and tells every listener. */
export function recordConsent(): void {
  if (typeof document === 'undefined') return;
  document.cookie = consentCookie({ secure: window.location.protocol === 'https:' });
  listeners.forEach((listener) => listener());
}

export function subscribeToConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Calls `callback` once analytics consent exists: at once if it already does, else after the click.
 * Returns a function that cancels the wait.
 */
export function onConsent(callback: () => void): () => void {
  if (hasAnalyticsConsent()) {
    callback();
    return () => undefined;
  }
  const unsubscribe = subscribeToConsent(() => {
    if (!hasAnalyticsConsent()) return;
    unsubscribe();
    callback();
  });
  return unsubscribe;
}
