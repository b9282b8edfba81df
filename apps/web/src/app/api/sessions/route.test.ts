import { describe, expect, it, vi } from 'vitest';
import type * as serverConfig from '@/config/server';
import { parseServerConfig } from '@/config/server';

const config = parseServerConfig({
  DATABASE_URL: 'postgres://unused/portal',
  PORTAL_URL: 'https://portal.example.test',
  AUTH_ACCOUNT_EMAIL_URL: 'https://login.example.test/realms/vets/account/#/personal-info',
});
vi.mock('@/config/server', async (importOriginal) => ({
  ...(await importOriginal<typeof serverConfig>()),
  getServerConfig: () => config,
}));
vi.mock('@/shared/auth-session/server/session-deps', () => ({ activeSessionDeps: () => ({}) }));
const list = {
  sessions: [{ device: 'Chrome on Android', lastActiveAt: '2026-11-26T10:00:00.000Z', current: true }],
};
const signedInSessions = vi.fn((cookie: string | null) => Promise.resolve(cookie ? list : null));
const signOutOtherSessions = vi.fn((cookie: string | null) => Promise.resolve(cookie ? list : null));
vi.mock('@/shared/auth-session/server/signed-in-sessions', () => ({
  signedInSessions,
  signOutOtherSessions,
}));

const sessions = await import('./route');
const signOutOthers = await import('./sign-out-others/route');
const signInEmail = await import('../sign-in-email/route');

const portal = 'https://portal.example.test';

describe('/api/sessions', () => {
  it('answers the list, never cached, and 401 without a session', async () => {
    const answer = await sessions.GET(new Request(`${portal}/api/sessions`, { headers: { cookie: 'c=1' } }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toEqual(list);
    expect((await sessions.GET(new Request(`${portal}/api/sessions`))).status).toBe(401);
  });

  it('signs out of the others only for the portal’s own pages', async () => {
    const post = (headers: Record<string, string>) =>
      signOutOthers.POST(new Request(`${portal}/api/sessions/sign-out-others`, { method: 'POST', headers }));
    expect((await post({ cookie: 'c=1', origin: portal })).status).toBe(200);
    expect((await post({ cookie: 'c=1', 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await post({ origin: portal })).status).toBe(401);
    signOutOtherSessions.mockClear();
    expect((await post({ cookie: 'c=1', origin: 'https://elsewhere.example' })).status).toBe(403);
    expect((await post({ cookie: 'c=1', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect(signOutOtherSessions).not.toHaveBeenCalled();
  });
});

describe('/api/sign-in-email', () => {
  it('sends the person to where their provider changes the sign-in e-mail', () => {
    const answer = signInEmail.GET();
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(config.signInEmailChangeUrl);
  });
});
