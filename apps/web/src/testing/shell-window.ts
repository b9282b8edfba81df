import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * For tests of the portal's frame: each test runs in a window narrower than the desktop's (jsdom has no
 * `matchMedia`, which the drawer's media query asks) and as a visitor who has accepted cookies, so no
 * banner covers the shell; both are undone after each test.
 */
export function prepareShellWindow(): void {
  beforeEach(() => {
    document.cookie = 'OptanonConsent=true; Path=/';
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  });
  afterEach(() => {
    cleanup();
    document.cookie = 'OptanonConsent=; Max-Age=0; Path=/';
    vi.unstubAllGlobals();
  });
}
