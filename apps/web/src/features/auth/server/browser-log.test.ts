import { describe, expect, it, vi } from 'vitest';
import { logFromBrowser } from './browser-log';

const portalUrl = 'https://portal.example.test';

function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`${portalUrl}/api/auth/_log`, {
    method: 'POST',
    headers: { origin: portalUrl, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  });
}

function sink() {
  return { error: vi.fn(), warn: vi.fn() };
}

describe('POST /api/auth/_log (R7.11)', () => {
  it("writes the browser's entry as one line of the sign-in layer's log, and answers as next-auth does", async () => {
    const out = sink();
    const response = await logFromBrowser(
      post({
        level: 'error',
        code: 'CLIENT_SESSION_ERROR',
        detail: 'Session read failed: HTTP 503',
        client: 'true',
      }),
      portalUrl,
      out,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    expect(out.error.mock.calls).toEqual([
      ['[auth] browser CLIENT_SESSION_ERROR: Session read failed: HTTP 503'],
    ]);

    await logFromBrowser(
      new Request(`${portalUrl}/api/auth/_log`, {
        method: 'POST',
        // A browser that sends no Origin still says where the request came from.
        headers: { 'sec-fetch-site': 'same-origin' },
        body: new URLSearchParams({ level: 'warn', code: 'CLIENT_SIGNIN_ERROR', detail: 'Login failed' }),
      }),
      portalUrl,
      out,
    );
    expect(out.warn.mock.calls).toEqual([['[auth] browser CLIENT_SIGNIN_ERROR: Login failed']]);
  });

  it('writes no personal data, code or token, whatever a post carries, and names only the known codes', async () => {
    const out = sink();
    await logFromBrowser(
      post({
        level: 'error',
        code: 'olivia.bennett@example.com',
        detail:
          'Login failed for olivia.bennett@example.com at SW4 0LN, 07700 900123, code 246810, ' +
          'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJvbGl2aWEifQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ\n[auth] forged line',
        message: 'olivia.bennett@example.com',
        stack: 'Olivia Bennett',
      }),
      portalUrl,
      out,
    );
    // One line, whatever the post's line breaks; its other fields (message, stack) are not written.
    expect(out.error.mock.calls).toEqual([
      [
        '[auth] browser UNKNOWN: Login failed for [email] at [postcode] [number] code [number] token [token] [auth] forged line',
      ],
    ]);
  });

  it('refuses a post from another site, anything but a post, and a body far larger than an entry', async () => {
    const out = sink();
    const elsewhere = await logFromBrowser(
      post({ level: 'error', code: 'CLIENT_SESSION_ERROR' }, { origin: 'https://elsewhere.example' }),
      portalUrl,
      out,
    );
    expect(elsewhere.status).toBe(403);
    const get = await logFromBrowser(new Request(`${portalUrl}/api/auth/_log`), portalUrl, out);
    expect(get.status).toBe(405);
    const large = await logFromBrowser(post({ detail: 'x'.repeat(5000) }), portalUrl, out);
    expect(large.status).toBe(413);
    expect(out.error).not.toHaveBeenCalled();
    expect(out.warn).not.toHaveBeenCalled();
  });
});
