// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsentGate } from './consent-gate';
import { hasAnalyticsConsent, onConsent } from './consent-store';
import { CookieBanner } from './cookie-banner';
import { ServerConsentCookieProvider } from './server-consent';

function clearConsent() {
  document.cookie = 'OptanonConsent=; Max-Age=0; Path=/';
}

beforeEach(clearConsent);
afterEach(() => {
  cleanup();
  clearConsent();
});

function renderBanner() {
  render(
    <>
      <CookieBanner cookiePolicyUrl="https://www.provider.example/cookie-policy" />
      <div data-testid="gated">
        <ConsentGate>
          <p>analytics tag</p>
        </ConsentGate>
      </div>
    </>,
  );
}

describe('CookieBanner', () => {
  it('shows while the consent cookie is absent, with a link to the cookie policy', () => {
    renderBanner();
    const banner = screen.getByRole('region', { name: 'Cookie notice' });
    expect(screen.getByRole('link', { name: 'cookie policy' }).getAttribute('href')).toBe(
      'https://www.provider.example/cookie-policy',
    );
    expect(getComputedStyle(banner).position).toBe('sticky');
    expect(screen.getByTestId('gated').textContent).toBe('');
  });

  it('shows while the consent cookie is empty', () => {
    document.cookie = 'OptanonConsent=; Path=/';
    renderBanner();
    const banner = screen.getByRole('region', { name: 'Cookie notice' });
    expect(within(banner).getByRole('button').textContent).toBe('Accept and close');
    expect(screen.getByTestId('gated').textContent).toBe('');
  });

  it('stays hidden once the cookie holds a value', () => {
    document.cookie = 'OptanonConsent=true; Path=/';
    renderBanner();
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).toBeNull();
    expect(screen.getByTestId('gated').textContent).toBe('analytics tag');
  });

  it('stores true in the cookie on close, hides itself, and lets the analytics tag load', () => {
    const consented = vi.fn();
    onConsent(consented);
    renderBanner();
    expect(hasAnalyticsConsent()).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Accept and close' }));

    expect(document.cookie).toContain('OptanonConsent=true');
    expect(hasAnalyticsConsent()).toBe(true);
    expect(consented).toHaveBeenCalledOnce();
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).toBeNull();
    expect(screen.getByTestId('gated').textContent).toBe('analytics tag');
  });

  it('writes the 365-day, path /, SameSite=Lax cookie', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor?.set?.call(document, value);
    });
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Accept and close' }));
    vi.restoreAllMocks();

    expect(writes).toEqual(['OptanonConsent=true; Max-Age=31536000; Path=/; SameSite=Lax']);
  });

  it('reserves its height as scroll padding so a focused control is scrolled above it (WCAG 2.4.11)', () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: () => void) {}
        observe() {
          this.callback();
        }
        disconnect() {}
      },
    );
    const height = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(96);
    renderBanner();
    expect(document.documentElement.style.scrollPaddingBottom).toBe('96px');

    fireEvent.click(screen.getByRole('button', { name: 'Accept and close' }));

    expect(document.documentElement.style.scrollPaddingBottom).toBe('');
    height.mockRestore();
    vi.unstubAllGlobals();
  });
});

describe('CookieBanner on the server', () => {
  const serverHtml = (children: ReactNode) => renderToString(children);
  const banner = <CookieBanner cookiePolicyUrl="https://www.provider.example/cookie-policy" />;

  it('is in the first HTML when the request carried no consent cookie, or an empty one', () => {
    for (const value of [undefined, '']) {
      const html = serverHtml(
        <ServerConsentCookieProvider value={value}>{banner}</ServerConsentCookieProvider>,
      );
      expect(html).toContain('aria-label="Cookie notice"');
    }
  });

  it('is left out when the request carried a consent value', () => {
    const html = serverHtml(<ServerConsentCookieProvider value="true">{banner}</ServerConsentCookieProvider>);
    expect(html).not.toContain('Cookie notice');
  });

  it("without the request's reading, waits for the browser's", () => {
    expect(serverHtml(banner)).not.toContain('Cookie notice');
  });

  it("in the browser, follows the browser's cookie over the request's (closed in another tab meanwhile)", () => {
    document.cookie = 'OptanonConsent=true; Path=/';
    render(<ServerConsentCookieProvider value="">{banner}</ServerConsentCookieProvider>);
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).toBeNull();
  });
});
