// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { recordConsent } from '@/shared/cookie-consent/consent-store';
import { trackAppointmentsLoaded, trackEvent } from './track-event';

afterEach(() => {
  document.cookie = 'OptanonConsent=; Max-Age=0; Path=/';
  delete window.dataLayer;
});

describe('the portal tracker', () => {
  it('waits for the cookie banner, then pushes onto window.dataLayer', () => {
    trackEvent('Sign Up Page Visited', { placeNavigatedFrom: 'landing' });
    expect(window.dataLayer ?? []).toEqual([]);

    recordConsent();

    expect(window.dataLayer).toEqual([
      {
        event: 'Sign Up Page Visited',
        placeNavigatedFrom: 'landing',
        application: 'clientPortalFE',
        version: '3.5.3',
      },
    ]);
  });

  it('reports Appointments Found only above zero, else Appointments Not Found', () => {
    document.cookie = 'OptanonConsent=true; Path=/';
    trackAppointmentsLoaded(3, 'Dashboard');
    trackAppointmentsLoaded(0, 'Dashboard');
    expect(window.dataLayer).toEqual([
      {
        event: 'Appointments Found',
        count: 3,
        componentName: 'Dashboard',
        application: 'clientPortalFE',
        version: '3.5.3',
      },
      {
        event: 'Appointments Not Found',
        componentName: 'Dashboard',
        application: 'clientPortalFE',
        version: '3.5.3',
      },
    ]);
  });
});
