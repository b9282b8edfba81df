import { maintenanceMessage, maintenanceRetryAfterSeconds } from '@vet/contracts/maintenance';
import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';

vi.stubEnv('DATABASE_URL', 'postgres://portal@127.0.0.1:5432/portal');
vi.stubEnv('MAINTENANCE', 'on');
const { config, proxy } = await import('./proxy');
const consoleError = console.error;
const { unstable_doesMiddlewareMatch } = await import('next/experimental/testing/server');
console.error = consoleError;

const navigation = { 'sec-fetch-mode': 'navigate' };

/** MAINTENANCE=on (decision 0073): the proxy answers for every page, the BFF and sign-in. */
describe('the proxy in maintenance', () => {
  it.each(['/', '/pets', '/pets/12?practice=3', '/practices', '/no-such-page', '/maintenance'])(
    'answers %s with the maintenance page, 503 and Retry-After, its policy and nonce kept',
    (path) => {
      const response = proxy(new NextRequest(`http://localhost:3000${path}`, { headers: navigation }));
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe(String(maintenanceRetryAfterSeconds));
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-middleware-rewrite')).toBe('http://localhost:3000/maintenance');
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("'nonce-");
      expect(response.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
    },
  );

  it.each([
    ['GET', '/bff/v2/pets'],
    ['POST', '/bff/appointments'],
    ['GET', '/api/auth/session'],
    ['POST', '/api/auth/signin/azure-ad'],
    ['GET', '/api/config'],
  ])('answers %s %s with 503 in the API’s error shape and Retry-After', async (method, path) => {
    const response = proxy(new NextRequest(`http://localhost:3000${path}`, { method }));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe(String(maintenanceRetryAfterSeconds));
    expect(response.headers.get('x-middleware-rewrite')).toBeNull();
    expect(await response.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: maintenanceMessage,
    });
  });

  it('runs for the BFF and sign-in, not for built assets', () => {
    const matches = (url: string) =>
      unstable_doesMiddlewareMatch({ config, url: `http://localhost:3000${url}` });
    for (const path of ['/bff/v2/pets', '/api/auth/session', '/pets']) expect(matches(path), path).toBe(true);
    for (const path of ['/_next/static/chunks/a.js', '/icon.svg']) expect(matches(path), path).toBe(false);
  });
});
