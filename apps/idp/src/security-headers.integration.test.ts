import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { HSTS } from './security-headers.ts';
import { startTestIdp, type TestIdp } from './testing/test-idp.ts';

const database = useTestDatabase();
/** As in production: an https issuer, TLS ended by one proxy in front (it sets X-Forwarded-Proto). */
let behindProxy: TestIdp;
/** As in a local run: plain http on localhost, no proxy. */
let local: TestIdp;

beforeAll(async () => {
  behindProxy = await startTestIdp(database.db, database.url, {}, { IDP_ISSUER: 'https://id.example.test' });
  local = await startTestIdp(database.db, database.url);
});
afterAll(async () => {
  await behindProxy.close();
  await local.close();
});

const authorizePath = (idp: TestIdp) =>
  `/auth?${new URLSearchParams({
    client_id: idp.config.clientId,
    response_type: 'code',
    redirect_uri: `${idp.config.portalUrl}/api/auth/callback/azure-ad`,
    scope: 'openid email',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  }).toString()}`;

const fromProxy = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' };

describe('security headers', () => {
  it('sends HSTS and the usual headers on every response when the issuer is https', async () => {
    const paths = ['/healthz', '/.well-known/openid-configuration', '/jwks', authorizePath(behindProxy)];
    paths.push('/password/forgot', '/session/end/success', '/no-such-page');
    for (const path of paths) {
      const response = await fetch(`${behindProxy.origin}${path}`, {
        headers: fromProxy,
        redirect: 'manual',
      });
      expect(response.headers.get('strict-transport-security'), path).toBe(HSTS);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
    const page = await fetch(`${behindProxy.origin}/password/forgot`, { headers: fromProxy });
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('sends no HSTS over plain http (browsers ignore it there), but the other headers', async () => {
    for (const path of ['/healthz', '/.well-known/openid-configuration', authorizePath(local)]) {
      const response = await fetch(`${local.origin}${path}`, { redirect: 'manual' });
      expect(response.headers.get('strict-transport-security'), path).toBeNull();
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });
});

describe('behind a TLS-terminating proxy (provider.proxy)', () => {
  it('believes X-Forwarded-Proto when the issuer is https: its cookies are Secure', async () => {
    expect(behindProxy.config.trustedProxyHops).toBe(1);
    const response = await fetch(`${behindProxy.origin}${authorizePath(behindProxy)}`, {
      headers: fromProxy,
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    const cookies = response.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*secure/i);
  });

  it('does not believe the header without a proxy configured: a local run’s cookies are not Secure', async () => {
    expect(local.config.trustedProxyHops).toBe(0);
    const response = await fetch(`${local.origin}${authorizePath(local)}`, {
      headers: fromProxy,
      redirect: 'manual',
    });
    const cookies = response.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).not.toMatch(/;\s*secure/i);
  });
});
