// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLEARED_ON_LOGOUT, SESSION_STORAGE_KEYS } from '@/shared/storage/storage-keys';
import { forgetLinkToken, useLinkToken } from './use-link-token';

/**
 * Security round three, finding 4 (decision 0095): a link's token leaves the address bar as soon as the
 * page has read it, and stays with the tab (session storage) so that a reload or the back button goes on.
 */
afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

/** Opens the page at an address, as a link or a reload does, and reads its token. */
function openAt(address: string, kind: 'manage' | 'earlier-time' = 'manage') {
  window.history.replaceState(null, '', address);
  return renderHook(() => useLinkToken(kind));
}

describe('useLinkToken', () => {
  it('takes the token out of the address bar at once, and keeps it for the tab', () => {
    const replaceState = vi.spyOn(window.history, 'replaceState');
    const { result } = openAt('/manage?utm_source=email#7.abc');
    expect(result.current).toBe('7.abc');
    expect(window.location.href).toBe('http://localhost:3000/manage?utm_source=email');
    expect(window.location.hash).toBe('');
    // Replaced, not pushed: the tab's history holds the page without its token.
    expect(replaceState).toHaveBeenLastCalledWith(null, '', '/manage?utm_source=email');
    expect(JSON.stringify(window.sessionStorage)).toContain('7.abc');
  });

  it('finds the token again on a reload or a return by the back button, with no fragment', () => {
    openAt('/manage#7.abc').unmount();
    const { result } = openAt('/manage');
    expect(result.current).toBe('7.abc');
    expect(window.location.hash).toBe('');
  });

  it('takes a newer link opened in the same tab in place of the kept one', () => {
    const { result } = openAt('/manage#7.abc');
    act(() => {
      window.history.pushState(null, '', '/manage#8.def');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(result.current).toBe('8.def');
    expect(window.location.hash).toBe('');
  });

  it('has none once forgotten (the flow ended, or the link was found not valid), nor for a bare address', () => {
    openAt('/manage#7.abc').unmount();
    forgetLinkToken('manage');
    expect(JSON.stringify(window.sessionStorage)).not.toContain('7.abc');
    expect(openAt('/manage').result.current).toBe('');
  });

  it('keeps each page’s token apart', () => {
    openAt('/manage#7.abc').unmount();
    openAt('/earlier-time#offer-token', 'earlier-time').unmount();
    expect(openAt('/manage').result.current).toBe('7.abc');
    expect(openAt('/earlier-time', 'earlier-time').result.current).toBe('offer-token');
    forgetLinkToken('earlier-time');
    expect(openAt('/manage').result.current).toBe('7.abc');
  });

  it('still cleans the address and reads the token when the browser refuses storage', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    const { result } = openAt('/manage#7.abc');
    expect(result.current).toBe('7.abc');
    expect(window.location.hash).toBe('');
  });
});

describe('the tab’s copy of a link’s token', () => {
  it('is cleared at logout, with the person’s other keys', () => {
    expect(CLEARED_ON_LOGOUT.session).toEqual(
      expect.arrayContaining([SESSION_STORAGE_KEYS.manageLinkToken, SESSION_STORAGE_KEYS.earlierTimeToken]),
    );
  });
});
