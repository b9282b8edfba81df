// @vitest-environment jsdom
import type { ActivationStatus } from '@vet/contracts/profile';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeInvitation } from '@/features/onboarding/onboarding-storage';
import { ActivationGuard, type GuardedProfile } from './activation-guard';

const navigation = vi.hoisted(() => ({ pathname: '/', router: { replace: vi.fn(), push: vi.fn() } }));
const session = vi.hoisted(() => ({ status: 'authenticated' }));
vi.mock('next/navigation', () => ({
  usePathname: () => navigation.pathname,
  useRouter: () => navigation.router,
}));
vi.mock('@/shared/auth-session/session-client', () => ({
  useSession: () => ({ status: session.status }),
  signOut: vi.fn(),
}));

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  navigation.router.replace.mockClear();
  navigation.router.push.mockClear();
  navigation.pathname = '/';
  session.status = 'authenticated';
  window.history.replaceState(null, '', '/');
});

/**
 * The guard around a page, the profile known with `activationStatus` (either spelling, R3.2; the frame
 * hands it over as the API gave it).
 */
function renderGuarded(
  activationStatus: string | undefined,
  address = '/',
  requireContactPreferencesUpdate = false,
  more: Partial<GuardedProfile> = {},
) {
  window.history.replaceState(null, '', address);
  navigation.pathname = new URL(address, 'http://portal.test').pathname;
  const profile: GuardedProfile = {
    activationStatus: activationStatus as ActivationStatus | undefined,
    failed: false,
    retry: vi.fn(),
    requireContactPreferencesUpdate,
    ...more,
  };
  render(
    <ActivationGuard profile={profile}>
      <h1>The page</h1>
    </ActivationGuard>,
  );
  return profile;
}

describe('ActivationGuard (R4.1)', () => {
  it('shows a linked client the page', async () => {
    renderGuarded('COMPLETED');
    expect((await screen.findByRole('heading', { name: 'The page' })).tagName).toBe('H1');
    expect(screen.queryByRole('status', { name: 'Loading your account' })).toBeNull();
    expect(navigation.router.replace).not.toHaveBeenCalled();
  });

  it('shows a spinner, never the page, and sends NOT_STARTED to /client-routing', async () => {
    renderGuarded('NOT_STARTED', '/pets');
    expect(screen.getByRole('status', { name: 'Loading your account' }).textContent).toBe('');
    await waitFor(() => expect(navigation.router.replace).toHaveBeenCalledWith('/client-routing'));
    expect(screen.queryByRole('heading', { name: 'The page' })).toBeNull();
  });

  it('sends STARTED (in the other spelling too) to /verified with the _gl value', async () => {
    renderGuarded('Started', '/?_gl=1*abc*_ga');
    await waitFor(() => expect(navigation.router.replace).toHaveBeenCalledWith('/verified?_gl=1*abc*_ga'));
  });

  it('sends anyone not linked to /invite while an invitation is stored', async () => {
    storeInvitation({ registrationCode: 'INV-123456', lastName: 'Thompson' });
    renderGuarded('STARTED');
    await waitFor(() => expect(navigation.router.replace).toHaveBeenCalledWith('/invite'));
  });

  it('lets the onboarding pages through, once the profile is known too', async () => {
    renderGuarded('NOT_STARTED', '/registration');
    expect((await screen.findByRole('heading', { name: 'The page' })).tagName).toBe('H1');
    expect(screen.queryByRole('status', { name: 'Loading your account' })).toBeNull();
    expect(navigation.router.replace).not.toHaveBeenCalled();
  });

  it('lets a signed-out visitor through (pages that need sign-in ask for it)', () => {
    session.status = 'unauthenticated';
    renderGuarded(undefined, '/practices');
    expect(screen.getByRole('heading', { name: 'The page' }).tagName).toBe('H1');
    expect(screen.queryByRole('status', { name: 'Loading your account' })).toBeNull();
  });

  it('shows a spinner while the profile is not known, and a retry when it could not be loaded', () => {
    renderGuarded(undefined, '/pets');
    expect(screen.getByRole('status', { name: 'Loading your account' })).not.toBeNull();
    cleanup();
    const profile = renderGuarded(undefined, '/pets', false, { failed: true });
    expect(screen.getByRole('alert').textContent).toContain('We could not load your account.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(profile.retry).toHaveBeenCalledOnce();
    expect(screen.queryByRole('heading', { name: 'The page' })).toBeNull();
  });

  it('keeps a practice parameter for the registration forms', async () => {
    session.status = 'unauthenticated';
    renderGuarded('NOT_STARTED', '/?practice=3');
    await waitFor(() => expect(sessionStorage.getItem('practice')).toBe('3'));
  });
});

describe('the contact-preference redirect beside it (R4.3)', () => {
  it('sends a linked client who is due to the preferences page once, setting the flag', async () => {
    renderGuarded('COMPLETED', '/pets', true);
    await waitFor(() =>
      expect(navigation.router.push).toHaveBeenCalledWith('/client-detail/contact-preferences'),
    );
    expect(localStorage.getItem('showContactPreferences')).toBe('1');
    cleanup();
    navigation.router.push.mockClear();

    renderGuarded('COMPLETED', '/', true);
    expect((await screen.findByRole('heading', { name: 'The page' })).tagName).toBe('H1');
    expect(navigation.router.push).not.toHaveBeenCalled();
  });

  it('leaves a client alone who is not due, or is registering a pet', async () => {
    renderGuarded('COMPLETED', '/pets/register', true);
    await screen.findByRole('heading', { name: 'The page' });
    cleanup();
    renderGuarded('COMPLETED', '/', false);
    await screen.findByRole('heading', { name: 'The page' });
    expect(navigation.router.push).not.toHaveBeenCalled();
    expect(localStorage.getItem('showContactPreferences')).toBeNull();
  });
});
