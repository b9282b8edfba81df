import { telemetryApplicationTag } from '@vet/contracts/telemetry-tag';
import { appVersion } from '@/config/app-version';
import { hasAnalyticsConsent, onConsent } from '@/shared/cookie-consent/consent-store';
import type { DataLayerEntry, ProductEventName, ProductEvents } from './product-events';
import { sanitiseEventProperties } from './sanitise-event';

/**
 * Product events go to `window.dataLayer` (the tag manager's convention) and only with analytics consent.
 * Before consent they wait in memory (at most 50, never stored), and are sent if consent comes during
 * the same page load: the tag manager itself loads only after consent (ConsentGate), so nothing leaves
 * the browser before the click either way. A page load without consent drops them.
 */
export const maxQueuedEvents = 50;

export interface TrackerDeps {
  hasConsent: () => boolean;
  /** Calls back once consent exists. */
  onConsent: (callback: () => void) => void;
  dataLayer: () => unknown[] | undefined;
}

export function createTracker(deps: TrackerDeps) {
  let queue: DataLayerEntry[] = [];
  let waiting = false;

  const flush = () => {
    const layer = deps.dataLayer();
    if (!layer) return;
    layer.push(...queue);
    queue = [];
  };

  return function track<Name extends ProductEventName>(name: Name, properties: ProductEvents[Name]): void {
    // No data layer: on the server, where there is nothing to track and no consent to wait for.
    if (!deps.dataLayer()) return;
    const entry = {
      event: name,
      ...sanitiseEventProperties(properties),
      application: telemetryApplicationTag,
      version: appVersion,
    } as DataLayerEntry;
    if (deps.hasConsent()) {
      deps.dataLayer()?.push(entry);
      return;
    }
    if (queue.length < maxQueuedEvents) queue.push(entry);
    if (waiting) return;
    waiting = true;
    deps.onConsent(() => {
      waiting = false;
      flush();
    });
  };
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

function browserDataLayer(): unknown[] | undefined {
  if (typeof window === 'undefined') return undefined;
  window.dataLayer ??= [];
  return window.dataLayer;
}

/** The portal's tracker: `trackEvent('Appointments Found', { count: 2 })`. */
export const trackEvent = createTracker({
  hasConsent: hasAnalyticsConsent,
  onConsent: (callback) => {
    onConsent(callback);
  },
  dataLayer: browserDataLayer,
});

/** R1.7: Appointments Found only when the count is above zero, else Appointments Not Found. */
export function trackAppointmentsLoaded(count: number, componentName?: string): void {
  if (count > 0) trackEvent('Appointments Found', { count, ...(componentName ? { componentName } : {}) });
  else trackEvent('Appointments Not Found', componentName ? { componentName } : {});
}
