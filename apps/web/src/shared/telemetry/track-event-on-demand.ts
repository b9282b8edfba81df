import type { ProductEventName, ProductEvents } from './product-events';

/**
 * trackEvent with its code (the tracker and its scrubbing) fetched when the first event is sent: a form
 * that reports only what its submit did does not load it with the page (decision 0149's way, as
 * startSignInOnDemand). Events keep their order. One whose code cannot be fetched (the connection
 * dropped) is lost, as one is when the page closes before consent.
 */
export function trackEventOnDemand<Name extends ProductEventName>(
  name: Name,
  properties: ProductEvents[Name],
): void {
  void import('./track-event').then(
    ({ trackEvent }) => trackEvent(name, properties),
    () => {},
  );
}
