// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { signOut } from '@/shared/auth-session/session-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LogoutProvider, useLogout } from './logout-context';

// Its code loading on first open has its own test (on-demand-confirm-dialog.test.tsx); here it is at hand.
vi.mock('@/shared/components/on-demand-confirm-dialog', async () => ({
  OnDemandConfirmDialog: (await import('@/shared/components/confirm-dialog')).ConfirmDialog,
}));

vi.mock('@/shared/auth-session/session-client', () => ({
  signOut: vi.fn(() => Promise.resolve({ url: '/' })),
}));

const providerLogout = 'http://localhost:4100/session/end?client_id=client-portal';
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.mocked(signOut).mockImplementation(() => {
    calls.push('signOut');
    return Promise.resolve({ url: '/' });
  });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push(`${init.method} ${url}`);
      return Promise.resolve(Response.json({ url: providerLogout }));
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

function HeaderMenu() {
  const { requestLogout } = useLogout();
  return <button onClick={requestLogout}>Open logout</button>;
}

function renderWithProvider() {
  const navigate = vi.fn((url: string) => calls.push(`navigate ${url}`));
  render(
    <LogoutProvider navigate={navigate}>
      <HeaderMenu />
    </LogoutProvider>,
  );
  return navigate;
}

describe('LogoutProvider (R4.11)', () => {
  it('asks first, and Cancel changes nothing', () => {
    const navigate = renderWithProvider();
    fireEvent.click(screen.getByRole('button', { name: 'Open logout' }));
    const dialog = screen.getByRole('dialog', { name: 'Log out' });
    expect(dialog.textContent).toContain('Are you sure you want to log out?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('clears the person’s stored keys, ends both sessions in order and returns through the provider', async () => {
    localStorage.setItem('showContactPreferences', '1');
    localStorage.setItem('glTag', 'kept');
    for (const key of [
      'practice',
      'vCode',
      'vClientId',
      'vMode',
      'petRegisterModalSeen',
      'registrationParams',
    ]) {
      sessionStorage.setItem(key, 'x');
    }
    renderWithProvider();
    fireEvent.click(screen.getByRole('button', { name: 'Open logout' }));
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls).toEqual(['POST /api/auth/end-session', 'signOut', `navigate ${providerLogout}`]);
    expect(signOut).toHaveBeenCalledWith({ callbackUrl: '/', tellOtherTabsWhenLeaving: true });
    expect(localStorage.getItem('showContactPreferences')).toBeNull();
    expect(localStorage.getItem('glTag')).toBe('kept');
    expect(sessionStorage.length).toBe(0);
  });

  it('returns to the portal’s origin when the provider has no logout address', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ url: null }))),
    );
    const navigate = renderWithProvider();
    fireEvent.click(screen.getByRole('button', { name: 'Open logout' }));
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`${window.location.origin}/`));
  });
});
