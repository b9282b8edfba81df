import { describe, expect, it, vi } from 'vitest';
import { createTracker, maxQueuedEvents } from './track-event';

function setup(consent: boolean) {
  const dataLayer: unknown[] = [];
  let grant: (() => void) | undefined;
  const state = { consent };
  const track = createTracker({
    hasConsent: () => state.consent,
    onConsent: (callback) => {
      grant = () => {
        state.consent = true;
        callback();
      };
    },
    dataLayer: () => dataLayer,
  });
  return { track, dataLayer, grant: () => grant?.() };
}

describe('trackEvent', () => {
  it('pushes the event with its properties and the application tags onto the data layer', () => {
    const { track, dataLayer } = setup(true);
    track('Appointments Found', { count: 2, componentName: 'AppointmentList' });
    expect(dataLayer).toEqual([
      {
        event: 'Appointments Found',
        count: 2,
        componentName: 'AppointmentList',
        application: 'clientPortalFE',
        version: '3.5.3',
      },
    ]);
  });

  it('holds events until consent and then sends them in order', () => {
    const { track, dataLayer, grant } = setup(false);
    track('Sign Up Page Visited', { placeNavigatedFrom: 'dashboard' });
    track('New Client Checked', { clientCheckResult: 'NewClient', practiceId: 4 });
    expect(dataLayer).toEqual([]);

    grant();

    expect(dataLayer.map((entry) => (entry as { event: string }).event)).toEqual([
      'Sign Up Page Visited',
      'New Client Checked',
    ]);
    track('Client Matched', { clientMatched: true });
    expect(dataLayer).toHaveLength(3);
  });

  it('keeps at most 50 events while waiting', () => {
    const { track, dataLayer, grant } = setup(false);
    for (let index = 0; index < maxQueuedEvents + 10; index += 1)
      track('Appointments Not Found', { componentName: `C${index}` });
    grant();
    expect(dataLayer).toHaveLength(maxQueuedEvents);
  });

  it('asks to be told of consent only once however many events wait', () => {
    const onConsent = vi.fn();
    const track = createTracker({ hasConsent: () => false, onConsent, dataLayer: () => [] });
    track('Appointments Not Found', {});
    track('Appointments Not Found', {});
    expect(onConsent).toHaveBeenCalledOnce();
  });

  it('does nothing where there is no data layer (server rendering)', () => {
    const onConsent = vi.fn();
    const track = createTracker({ hasConsent: () => false, onConsent, dataLayer: () => undefined });
    track('Appointments Not Found', {});
    expect(onConsent).not.toHaveBeenCalled();
  });

  it('removes e-mail addresses from error texts and drops undefined properties', () => {
    const { track, dataLayer } = setup(true);
    track('Registration Failed', {
      componentName: 'SignUpForm',
      errorMessage: 'No client with amelia.hughes@example.com at this practice',
      errors: ['jo@example.org is taken', 'Postcode is required'],
    });
    track('Sign Up Failed', { signUpFailedReason: 'email-not-verified', errorMessage: undefined });
    expect(dataLayer[0]).toMatchObject({
      errorMessage: 'No client with [email] at this practice',
      errors: ['[email] is taken', 'Postcode is required'],
    });
    expect(dataLayer[1]).not.toHaveProperty('errorMessage');
  });
});

/**
 * Compile-time checks, made by `npm run typecheck` and never called: a test could not fail on them.
 * Unknown names and wrong properties do not compile.
 */
export function eventsAreTyped(track: ReturnType<typeof createTracker>): void {
  // @ts-expect-error: not one of R1.7's events
  track('Page Viewed', {});
  // @ts-expect-error: count is a number
  track('Appointments Found', { count: '2' });
  track('Sign Up Succeeded', {
    signUpMethod: 'UsernamePassword',
    auth0Id: 'a',
    signUpSucceeded: true,
    // @ts-expect-error: an e-mail address is not a property of any event
    email: 'x',
  });
}
