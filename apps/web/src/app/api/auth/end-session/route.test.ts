import { encode } from 'next-auth/jwt';
import { describe, expect, it, vi } from 'vitest';
import type * as serverConfig from '@/config/server';
import { parseServerConfig } from '@/config/server';
import type { StoredSession } from '@/shared/auth-session/server/session-store';

const config = parseServerConfig({
  DATABASE_URL: 'postgres://unused/portal',
  PORTAL_URL: 'https://portal.example.test',
  AUTH_DOMAIN: 'https://idp.example.test',
  AUTH_SIGNIN_CLIENT_SECRET: 'a-real-client-secret',
  AUTH_SIGNUP_CLIENT_SECRET: 'a-real-client-secret',
  NEXTAUTH_SECRET: 'a-session-secret-of-at-least-32-characters',
});
vi.mock('@/config/server', async (importOriginal) => ({
  ...(await importOriginal<typeof serverConfig>()),
  getServerConfig: () => config,
}));
vi.mock('@/shared/auth-session/server/session-deps', () => ({
  activeSessionDeps: () => ({ db: {}, providers: { 'azure-ad': config.identityProviders.signIn } }),
}));
const idToken = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJvbGl2aWEifQ.signature-of-the-id-token';
const findLiveSession = vi.fn((_db: unknown, sessionId: string): Promise<Partial<StoredSession> | null> =>
  Promise.resolve(sessionId === 'session-1' ? { providerId: 'azure-ad', idToken } : null),
);
vi.mock('@/shared/auth-session/server/session-store', () => ({ findLiveSession }));
vi.mock('@/shared/auth-session/server/provider-metadata', () => ({
  providerMetadata: () => Promise.resolve({ endSessionEndpoint: 'https://idp.example.test/session/end' }),
}));

const { GET, POST } = await import('./route');

const portal = 'https://portal.example.test';
const endSession = (headers: Record<string, string>) =>
  POST(new Request(`${portal}/api/auth/end-session`, { method: 'POST', headers }));
const sessionCookie = async (sid: string) =>
  `__Host-next-auth.session-token=${await encode({ token: { sid }, secret: config.session.secret })}`;

describe('POST /api/auth/end-session', () => {
  it.each([
    ['a cross-site Origin', { origin: 'https://evil.example' }],
    ['a null Origin', { origin: 'null' }],
    ['neither Origin nor Sec-Fetch-Site', {}],
    ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
  ])('refuses %s with 403 in the API error shape', async (_label, headers) => {
    const response = await endSession(headers);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'This request did not come from the portal.',
    });
    expect(findLiveSession).not.toHaveBeenCalled();
  });

  it('answers null without a session: the browser goes home', async () => {
    const response = await endSession({ origin: portal, cookie: await sessionCookie('ended-session') });
    expect(await response.json()).toEqual({ url: null });
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});

describe('the logout through the provider (RP-initiated, decision 0058)', () => {
  it('never hands the ID token to the browser: the server redirects to the provider with it', async () => {
    const answer = await endSession({ origin: portal, cookie: await sessionCookie('session-1') });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ url: '/api/auth/end-session' });
    const setCookie = answer.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(
      /^portal-provider-logout=[\w.-]+; Path=\/api\/auth\/end-session; Max-Age=120; HttpOnly; SameSite=Strict; Secure$/,
    );
    expect(setCookie).not.toContain(idToken.split('.')[1]);
    const ticket = /^portal-provider-logout=([^;]+)/.exec(setCookie)![1]!;

    const leave = await GET(
      new Request(`${portal}/api/auth/end-session`, {
        headers: { cookie: `portal-provider-logout=${ticket}` },
      }),
    );
    expect(leave.status).toBe(303);
    const location = new URL(leave.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('https://idp.example.test/session/end');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      id_token_hint: idToken,
      client_id: config.identityProviders.signIn.clientId,
      post_logout_redirect_uri: `${portal}/`,
    });
    // The ticket is spent.
    expect(leave.headers.get('set-cookie')).toMatch(
      /^portal-provider-logout=; Path=\/api\/auth\/end-session; Max-Age=0;/,
    );
  });

  it('sends a browser without a ticket, or with one not sealed here, home', async () => {
    for (const cookie of ['', 'portal-provider-logout=forged.ticket.value.x.y']) {
      const leave = await GET(new Request(`${portal}/api/auth/end-session`, { headers: { cookie } }));
      expect(leave.status, cookie).toBe(303);
      expect(leave.headers.get('location'), cookie).toBe(`${portal}/`);
    }
  });
});
