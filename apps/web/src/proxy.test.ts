import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';

vi.stubEnv('DATABASE_URL', 'postgres://portal@127.0.0.1:5432/portal');
const { config, proxy } = await import('./proxy');
const consoleError = console.error;
const { unstable_doesMiddlewareMatch } = await import('next/experimental/testing/server');
// Next's server modules wrap the console as they load; the tests' console-error check keeps its own.
console.error = consoleError;

function policyOf(response: Response): string {
  return response.headers.get('content-security-policy') ?? '';
}

describe('the proxy gives every page a policy with a nonce of its own', () => {
  it('sets the same policy on the response and on the request Next.js renders from', () => {
    const response = proxy(new NextRequest('http://localhost:3000/practices'));
    const policy = policyOf(response);
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy.split('; ').find((d) => d.startsWith('script-src '))).not.toContain("'unsafe-inline'");
    // NextResponse.next({ request }) hands the overridden request headers to the renderer this way.
    expect(response.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
  });

  it('never repeats a nonce', () => {
    const first = policyOf(proxy(new NextRequest('http://localhost:3000/practices')));
    const second = policyOf(proxy(new NextRequest('http://localhost:3000/practices')));
    expect(first).not.toBe(second);
  });

  it('sends a navigation without a session to a page that needs one on to sign in (decision 0049)', () => {
    const navigation = { 'sec-fetch-mode': 'navigate' };
    const redirected = proxy(new NextRequest('http://localhost:3000/pets?x=1', { headers: navigation }));
    expect(redirected.status).toBe(307);
    expect(redirected.headers.get('location')).toBe(
      'http://localhost:3000/api/auth/start-sign-in?callbackUrl=%2Fpets%3Fx%3D1',
    );
    // The router's fetch of the same page is rendered, with its policy: its RequireAuth signs in.
    const fetched = proxy(
      new NextRequest('http://localhost:3000/pets', { headers: { 'sec-fetch-mode': 'cors' } }),
    );
    expect(fetched.headers.get('location')).toBeNull();
    expect(policyOf(fetched)).toContain("'nonce-");
  });

  it('runs for a page asked for as a prefetch too, so that it carries its policy', () => {
    const prefetches = [
      { 'next-router-prefetch': '1', rsc: '1' },
      { purpose: 'prefetch' },
      { 'sec-purpose': 'prefetch' },
    ];
    for (const headers of [{}, ...prefetches]) {
      const matched = unstable_doesMiddlewareMatch({
        config,
        url: 'http://localhost:3000/practices',
        headers,
      });
      expect(matched, JSON.stringify(headers)).toBe(true);
    }
  });

  it('matches pages, and not built assets or the icon', () => {
    const { source } = config.matcher[0]!;
    const pattern = new RegExp(`^${source}$`);
    for (const page of ['/', '/practices', '/appointments/book', '/dev/mailbox', '/guest/complete']) {
      expect(pattern.test(page), page).toBe(true);
    }
    expect(pattern.test('/bff/v2/conversations')).toBe(true);
    for (const other of [
      '/_next/static/chunks/a.js',
      '/_next/image',
      '/icon.svg',
      '/bff/v2/attachments',
      '/bff/v2/attachments/12',
    ]) {
      expect(pattern.test(other), other).toBe(false);
    }
  });

  it('passes the BFF and next-auth through untouched (it runs for them only for maintenance)', () => {
    for (const path of ['/bff/v2/pets', '/api/auth/session']) {
      const response = proxy(new NextRequest(`http://localhost:3000${path}`));
      expect(response.headers.get('x-middleware-next'), path).toBe('1');
      expect(policyOf(response), path).toBe('');
      expect(response.headers.get('x-middleware-request-content-security-policy'), path).toBeNull();
    }
  });

  it('sends /maintenance on to the portal outside maintenance (decision 0073)', () => {
    const response = proxy(new NextRequest('http://localhost:3000/maintenance'));
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('http://localhost:3000/');
  });
});
