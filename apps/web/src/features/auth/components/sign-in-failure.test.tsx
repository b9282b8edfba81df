// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { portalSignInRequest } from '@/features/auth/sign-in-requests';
import type { SignInResult } from '@/shared/auth-session/session-client';
import { SignInRedirect } from './sign-in-redirect';
import { startSignIn } from './start-sign-in';

const session = vi.hoisted(() => ({
  signIn: vi.fn<() => Promise<SignInResult | undefined>>(),
  useSession: () => ({ status: 'unauthenticated', data: null }),
}));
vi.mock('@/shared/auth-session/session-client', () => session);
const router = vi.hoisted(() => ({ push: vi.fn(), replace: vi.fn() }));
vi.mock('next/navigation', () => ({
  useRouter: () => router,
  usePathname: () => window.location.pathname,
  useSearchParams: () => new URLSearchParams(window.location.search),
}));

let assigned: string[];
beforeEach(() => {
  assigned = [];
  vi.spyOn(window, 'location', 'get').mockReturnValue({
    ...window.location,
    pathname: '/pets/3',
    search: '?tab=weight',
    assign: (url: string) => assigned.push(url),
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  session.signIn.mockReset();
  router.replace.mockClear();
});

describe('a sign-in that fails (R8.2)', () => {
  it('that cannot start, goes to the sign-in screen with the page to try again from', async () => {
    session.signIn.mockResolvedValue({ error: 'Signin', status: 500, ok: false, url: null });
    await startSignIn(portalSignInRequest());
    expect(assigned).toEqual(['/signin?error=Signin&callbackUrl=%2Fpets%2F3%3Ftab%3Dweight']);
  });

  it("whose result names next-auth's error, carries that code to the sign-in screen", async () => {
    session.signIn.mockResolvedValue({ error: 'OAuthSignin', status: 200, ok: true, url: null });
    await startSignIn(portalSignInRequest());
    expect(assigned).toEqual(['/signin?error=OAuthSignin&callbackUrl=%2Fpets%2F3%3Ftab%3Dweight']);
  });

  it('does nothing more when the sign-in went on (the browser is leaving) or was sent elsewhere', async () => {
    session.signIn.mockResolvedValue({ error: null, status: 200, ok: true, url: 'https://idp.example/auth' });
    await startSignIn(portalSignInRequest());
    session.signIn.mockResolvedValue(undefined);
    await startSignIn(portalSignInRequest());
    expect(assigned).toEqual([]);
  });

  it("is told on the sign-in screen as 'Login failed', with Try Again back to the page, not started again", async () => {
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      pathname: '/signin',
      search: '?callbackUrl=%2Fpets%2F3&error=OAuthCallback',
    });
    render(<SignInRedirect />);
    expect(screen.getByRole('heading', { level: 1, name: 'Oops' })).toBeTruthy();
    expect(screen.getByText('Login failed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/pets/3');
    await Promise.resolve();
    expect(session.signIn).not.toHaveBeenCalled();
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('without an error, the sign-in screen does what R2.16 says (signed out: on to the dashboard)', async () => {
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      pathname: '/signin',
      search: '',
    });
    render(<SignInRedirect />);
    expect(screen.queryByText('Login failed')).toBeNull();
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/'));
  });
});
