// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEYS } from '@/shared/storage/storage-keys';
import { RequireAuth } from './require-auth';
import { SignUpRedirect } from './sign-up-redirect';
import { startSignIn } from './start-sign-in';
import { guestKeepRequest, portalSignInRequest } from '@/features/auth/sign-in-requests';

const session = vi.hoisted(() => ({
  signIn: vi.fn(() => Promise.resolve()),
  useSession: () => ({ status: 'unauthenticated', data: null }),
}));
vi.mock('@/shared/auth-session/session-client', () => session);
vi.mock('@/shared/auth-session/logout-context', () => ({ useLogout: () => ({ loggingOut: false }) }));
vi.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(window.location.search),
}));

/** R1.7's events reach window.dataLayer only with consent (decision 0011): these tests give it. */
beforeEach(() => {
  document.cookie = 'OptanonConsent=true; Path=/';
  window.dataLayer = [];
});
afterEach(() => {
  cleanup();
  document.cookie = 'OptanonConsent=; Max-Age=0; Path=/';
  delete window.dataLayer;
  sessionStorage.clear();
  session.signIn.mockClear();
  window.history.replaceState(null, '', '/');
});

const visited = (placeNavigatedFrom: string) => ({
  event: 'Sign Up Page Visited',
  placeNavigatedFrom,
  application: 'clientPortalFE',
  version: '3.5.3',
});

describe('Sign Up Page Visited (R1.7): sent as the portal sends a person to the provider’s sign-up page', () => {
  it('from the sign-up screen, reached by a move of the portal’s router', () => {
    window.history.replaceState(null, '', '/signup?practice=3');
    render(<SignUpRedirect />);
    expect(window.dataLayer).toEqual([visited('signup')]);
    expect(session.signIn).toHaveBeenCalledWith('auth0', { callbackUrl: '/?practice=3' }, expect.any(Object));
  });

  it('from an invitation, whose page signs a newcomer up', async () => {
    window.history.replaceState(null, '', '/invite');
    render(
      <RequireAuth>
        <p>Invitation</p>
      </RequireAuth>,
    );
    // RequireAuth fetches the sign-in's code first (decision 0149).
    await vi.waitFor(() => expect(session.signIn).toHaveBeenCalled());
    expect(window.dataLayer).toEqual([visited('invite')]);
    expect(session.signIn).toHaveBeenCalledWith('auth0', { callbackUrl: '/invite' }, expect.any(Object));
  });

  it('from /verified after a sign-up e-mail', async () => {
    window.history.replaceState(null, '', '/verified');
    sessionStorage.setItem(SESSION_STORAGE_KEYS.vMode, 'signup');
    render(
      <RequireAuth>
        <p>Verified</p>
      </RequireAuth>,
    );
    await vi.waitFor(() => expect(session.signIn).toHaveBeenCalled());
    expect(window.dataLayer).toEqual([visited('verified')]);
  });

  it('from a guest’s held time ("Create an account"), and never for a sign-in', () => {
    window.history.replaceState(null, '', '/guest');
    void startSignIn(guestKeepRequest(true));
    void startSignIn(portalSignInRequest());
    expect(window.dataLayer).toEqual([]);
    void startSignIn(guestKeepRequest(false));
    expect(window.dataLayer).toEqual([visited('guest')]);
  });

  it('not when a page only needs a signed-in person', async () => {
    window.history.replaceState(null, '', '/pets/3');
    render(
      <RequireAuth>
        <p>Pet</p>
      </RequireAuth>,
    );
    await vi.waitFor(() => expect(session.signIn).toHaveBeenCalled());
    expect(session.signIn).toHaveBeenCalledWith('azure-ad', { callbackUrl: '/pets/3' }, expect.any(Object));
    expect(window.dataLayer).toEqual([]);
  });
});
