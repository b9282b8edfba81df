import type { Account } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import { encode } from 'next-auth/jwt';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActiveSessionDeps } from '@/shared/auth-session/server/active-session';

const calls: string[] = [];
vi.mock('@/shared/auth-session/server/session-store', () => ({
  insertSession: vi.fn(() => {
    calls.push('insert new-sid');
    return Promise.resolve('new-sid');
  }),
}));
vi.mock('@/shared/auth-session/server/active-session', () => ({
  SessionEndedError: class extends Error {},
  endSession: vi.fn((sessionId: string) => {
    calls.push(`delete ${sessionId}`);
    return Promise.resolve();
  }),
  loadActiveSession: vi.fn(() =>
    Promise.resolve({ idToken: null, expiresAt: new Date(Date.now() + 60_000) }),
  ),
}));

const { previousSessionOfSignIn, withPreviousSession } = await import('./previous-session');
const { createSessionCallbacks } = await import('./session-callbacks');

const issuer = 'http://idp.previous-session.test';
const callbacks = createSessionCallbacks(() => ({
  db: {} as ActiveSessionDeps['db'],
  providers: {
    'azure-ad': { issuer, clientId: 'c', clientSecret: 's', scope: 'openid', audience: undefined },
  },
}));
const cookieSession = { secret: 'a-test-secret-of-at-least-32-characters', secureCookies: false };

/** next-auth's jwt callback as the provider's callback calls it: a fresh sign-in with an account. */
async function completeSignIn(): Promise<JWT> {
  const account = {
    provider: 'azure-ad',
    type: 'oauth',
    providerAccountId: 'subject-1',
    access_token: 'access-new',
    expires_at: Math.floor(Date.now() / 1000) + 600,
  } satisfies Account;
  return callbacks.jwt({ token: {}, account, profile: { iss: issuer }, user: { id: 'subject-1' } } as never);
}

beforeEach(() => {
  calls.length = 0;
});

describe('signing in again ends the browser’s earlier session', () => {
  it('deletes the earlier session’s row once the new session exists', async () => {
    const token = await withPreviousSession('earlier-sid', completeSignIn);
    expect(token).toEqual({ sid: 'new-sid' });
    expect(calls).toEqual(['insert new-sid', 'delete earlier-sid']);
  });

  it('ends nothing on a sign-in without an earlier cookie, or on a plain session read', async () => {
    await withPreviousSession(null, completeSignIn);
    expect(calls).toEqual(['insert new-sid']);
    calls.length = 0;
    await withPreviousSession('earlier-sid', () => callbacks.jwt({ token: { sid: 'earlier-sid' } } as never));
    expect(calls).toEqual([]);
  });

  it('takes the earlier session id from the cookie only on the sign-in callback', async () => {
    const token = await encode({ token: { sid: 'earlier-sid' }, secret: cookieSession.secret });
    const cookie = `next-auth.session-token=${token}`;
    expect(await previousSessionOfSignIn(['callback', 'azure-ad'], cookie, cookieSession)).toBe(
      'earlier-sid',
    );
    expect(await previousSessionOfSignIn(['session'], cookie, cookieSession)).toBeNull();
    expect(await previousSessionOfSignIn(['signin', 'azure-ad'], cookie, cookieSession)).toBeNull();
    expect(await previousSessionOfSignIn(['callback', 'azure-ad'], null, cookieSession)).toBeNull();
  });
});
