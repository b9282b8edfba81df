import type { NextAuthOptions } from 'next-auth';
import { describe, expect, it } from 'vitest';
import { cookiesSet, providerRedirect } from './provider-redirect';

/** next-auth with one OAuth provider whose addresses are given (no discovery, so no network). */
const options: NextAuthOptions = {
  secret: 'a-test-secret-of-at-least-32-characters',
  providers: [
    {
      id: 'azure-ad',
      name: 'Sign in',
      type: 'oauth',
      clientId: 'client-portal',
      clientSecret: 'secret',
      authorization: { url: 'https://idp.example/auth', params: { scope: 'openid email' } },
      token: 'https://idp.example/token',
      userinfo: 'https://idp.example/me',
      checks: ['pkce', 'state'],
      profile: (profile: { sub: string }) => ({ id: profile.sub }),
    },
  ],
  pages: { signIn: '/signin' },
  logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
};
const incoming = { cookies: {}, headers: { host: 'localhost:3000' } };

describe('providerRedirect', () => {
  it('gives the provider’s address with the sign-in’s parameters, and the cookies next-auth sets', async () => {
    const redirect = await providerRedirect(
      { providerId: 'azure-ad', callbackUrl: '/pets?x=1', authorizationParams: { prompt: 'login' } },
      incoming,
      options,
    );
    const location = new URL(redirect!.location);
    expect(location.origin + location.pathname).toBe('https://idp.example/auth');
    expect(location.searchParams.get('prompt')).toBe('login');
    expect(location.searchParams.get('client_id')).toBe('client-portal');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    const cookies = cookiesSet(redirect!.setCookies);
    expect(Object.keys(cookies).sort()).toEqual([
      'next-auth.callback-url',
      'next-auth.csrf-token',
      'next-auth.pkce.code_verifier',
      'next-auth.state',
    ]);
    expect(cookies['next-auth.callback-url']).toBe('http://localhost:3000/pets?x=1');
    expect(redirect!.setCookies).toHaveLength(4);
    for (const line of redirect!.setCookies) expect(line).toMatch(/HttpOnly/i);
  });

  it('keeps a CSRF cookie the browser already has', async () => {
    const first = await providerRedirect(
      { providerId: 'azure-ad', callbackUrl: '/', authorizationParams: {} },
      incoming,
      options,
    );
    const csrf = cookiesSet(first!.setCookies)['next-auth.csrf-token']!;
    const again = await providerRedirect(
      { providerId: 'azure-ad', callbackUrl: '/', authorizationParams: {} },
      { ...incoming, cookies: { 'next-auth.csrf-token': csrf } },
      options,
    );
    expect(new URL(again!.location).origin).toBe('https://idp.example');
    expect(cookiesSet(again!.setCookies)['next-auth.csrf-token']).toBeUndefined();
  });

  it('answers what next-auth answers for a provider it does not have: its own sign-in route', async () => {
    const redirect = await providerRedirect(
      { providerId: 'auth0', callbackUrl: '/', authorizationParams: {} },
      incoming,
      options,
    );
    expect(new URL(redirect!.location).pathname).toBe('/api/auth/signin');
  });
});

describe('cookiesSet', () => {
  it('reads each Set-Cookie line’s name and value', () => {
    expect(
      cookiesSet(['a=1; Path=/; HttpOnly', 'b=x=y; Secure', 'c=%2Fpets%3Fx%3D1', 'broken', '=x']),
    ).toEqual({
      a: '1',
      b: 'x=y',
      c: '/pets?x=1',
    });
  });
});
