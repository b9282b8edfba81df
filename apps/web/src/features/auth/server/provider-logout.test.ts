import { encode } from 'next-auth/jwt';
import { describe, expect, it, vi } from 'vitest';
import type { IdentityProviderConfig } from '@/config/server';

let storedIdToken = 'header.payload.signature';
vi.mock('@/shared/auth-session/server/session-store', () => ({
  findLiveSession: () => Promise.resolve({ providerId: 'azure-ad', idToken: storedIdToken }),
}));
vi.mock('@/shared/auth-session/server/provider-metadata', () => ({
  providerMetadata: () => Promise.resolve({ endSessionEndpoint: 'https://idp.example.test/session/end' }),
}));
const { endSessionUrl, providerLogoutRedirect, providerLogoutTicket } = await import('./provider-logout');

describe('endSessionUrl', () => {
  it('names the ID token, the client and the way back to the portal', () => {
    const url = new URL(
      endSessionUrl('http://localhost:4100/session/end', {
        idToken: 'header.payload.signature',
        clientId: 'client-portal',
        postLogoutRedirectUri: 'http://localhost:3000/',
      }),
    );
    expect(url.origin + url.pathname).toBe('http://localhost:4100/session/end');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      id_token_hint: 'header.payload.signature',
      client_id: 'client-portal',
      post_logout_redirect_uri: 'http://localhost:3000/',
    });
  });

  it('keeps the endpoint’s own parameters (e.g. Auth0’s /oidc/logout variants) and omits a missing hint', () => {
    const url = new URL(
      endSessionUrl('https://tenant.example.test/logout?federated=1', {
        idToken: null,
        clientId: 'abc',
        postLogoutRedirectUri: 'https://portal.example.test/',
      }),
    );
    expect(url.searchParams.get('federated')).toBe('1');
    expect(url.searchParams.has('id_token_hint')).toBe(false);
  });
});

describe('the sealed logout ticket', () => {
  const session = {
    secret: 'a-session-secret-of-at-least-32-characters',
    secureCookies: true,
    pollSeconds: 0,
  };
  const config = { session, portalUrl: 'https://portal.example.test' };
  const provider: IdentityProviderConfig = {
    issuer: 'https://idp.example.test',
    clientId: 'client-portal',
    clientSecret: 'secret',
    scope: 'openid',
    audience: undefined,
  };
  const deps = { db: {} as never, providers: { 'azure-ad': provider } };
  const cookie = async () =>
    `__Host-next-auth.session-token=${await encode({ token: { sid: 'session-1' }, secret: session.secret })}`;
  const hintOf = async (ticket: string | null) =>
    new URL((await providerLogoutRedirect(ticket, config, deps))!).searchParams.get('id_token_hint');

  it('carries the ID token, encrypted, to the redirect', async () => {
    storedIdToken = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJvbGl2aWEifQ.c2lnbmF0dXJl';
    const ticket = await providerLogoutTicket(await cookie(), config, deps);
    expect(ticket).not.toContain('eyJzdWIiOiJvbGl2aWEifQ');
    expect(await hintOf(ticket)).toBe(storedIdToken);
  });

  it('leaves out an ID token too large for a cookie: the provider then asks the person to confirm', async () => {
    storedIdToken = `eyJhbGciOiJSUzI1NiJ9.${'x'.repeat(4_000)}.c2lnbmF0dXJl`;
    const ticket = await providerLogoutTicket(await cookie(), config, deps);
    expect(ticket!.length).toBeLessThan(1_000);
    expect(await hintOf(ticket)).toBeNull();
  });
});
