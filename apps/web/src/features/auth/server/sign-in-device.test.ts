import type { Account } from 'next-auth';
import { describe, expect, it, vi } from 'vitest';
import type { ActiveSessionDeps } from '@/shared/auth-session/server/active-session';
import type { NewSession } from '@/shared/auth-session/server/session-store';

const inserted: NewSession[] = [];
vi.mock('@/shared/auth-session/server/session-store', () => ({
  insertSession: vi.fn((_db: unknown, session: NewSession) => {
    inserted.push(session);
    return Promise.resolve('new-sid');
  }),
}));

const { withSignInDevice, signInDevice } = await import('./sign-in-device');
const { createSessionCallbacks } = await import('./session-callbacks');

const issuer = 'http://idp.sign-in-device.test';
const callbacks = createSessionCallbacks(() => ({
  db: {} as ActiveSessionDeps['db'],
  providers: {},
}));
const android =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

function completeSignIn() {
  const account = {
    provider: 'azure-ad',
    type: 'oauth',
    providerAccountId: 'subject-1',
    access_token: 'access-new',
    expires_at: Math.floor(Date.now() / 1000) + 600,
  } satisfies Account;
  return callbacks.jwt({ token: {}, account, profile: { iss: issuer }, user: { id: 'subject-1' } } as never);
}

describe('the device a sign-in completes on', () => {
  it('is stored with the new session as its summary, never the User-Agent', async () => {
    inserted.length = 0;
    await withSignInDevice(['callback', 'azure-ad'], android, completeSignIn);
    expect(inserted).toHaveLength(1);
    expect(inserted[0]!.device).toBe('Chrome on Android');
    expect(JSON.stringify(inserted[0])).not.toContain('Pixel');
  });

  it('is known only while next-auth handles a sign-in callback', () => {
    expect(withSignInDevice(['callback', 'azure-ad'], null, signInDevice)).toBe('Unknown browser and device');
    expect(withSignInDevice(['session'], android, signInDevice)).toBeNull();
    expect(withSignInDevice(['signin', 'azure-ad'], android, signInDevice)).toBeNull();
    expect(signInDevice()).toBeNull();
  });
});
