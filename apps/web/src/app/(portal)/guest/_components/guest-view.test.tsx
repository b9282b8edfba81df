// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GuestView } from './guest-view';

const signIn = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('@/shared/auth-session/session-client', () => ({
  signIn,
  useSession: () => ({ status: 'unauthenticated', data: null }),
}));
vi.mock('@/features/practices/api/get-online-practices', () => ({
  useOnlinePractices: () => ({ data: [], isError: false }),
}));
vi.mock('@/features/pets/api/get-species', () => ({ useSpecies: () => ({ data: [], isError: false }) }));
// The booking itself is the appointments feature's (its own tests); here only the two ways to keep a time.
vi.mock('@/features/appointments/components/guest-booking-flow', () => ({
  GuestBookingFlow: (props: { onSignUp: () => void; onSignIn: () => void }) => (
    <>
      <button onClick={props.onSignUp}>Create an account</button>
      <button onClick={props.onSignIn}>I already have an account</button>
    </>
  ),
}));

beforeEach(() => {
  document.cookie = 'OptanonConsent=true; Path=/';
  window.dataLayer = [];
  window.history.replaceState(null, '', '/guest');
});
afterEach(() => {
  cleanup();
  document.cookie = 'OptanonConsent=; Max-Age=0; Path=/';
  delete window.dataLayer;
  window.history.replaceState(null, '', '/');
});

describe('GuestView (/guest)', () => {
  it("'Create an account' sends the guest to the provider's sign-up page, tracked as Sign Up Page Visited", async () => {
    render(<GuestView practiceParam={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'I already have an account' }));
    // The sign-in's code is fetched first (decision 0149).
    await vi.waitFor(() => expect(signIn).toHaveBeenCalledTimes(1));
    expect(signIn).toHaveBeenLastCalledWith(
      'azure-ad',
      { callbackUrl: '/guest/complete' },
      expect.any(Object),
    );
    expect(window.dataLayer).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    await vi.waitFor(() => expect(signIn).toHaveBeenCalledTimes(2));
    expect(signIn).toHaveBeenLastCalledWith('auth0', { callbackUrl: '/guest/complete' }, expect.any(Object));
    expect(window.dataLayer).toEqual([
      {
        event: 'Sign Up Page Visited',
        placeNavigatedFrom: 'guest',
        application: 'clientPortalFE',
        version: '3.5.3',
      },
    ]);
  });
});
