import { encode } from 'next-auth/jwt';
// Renamed: the web's lint reads `use…` as a React hook.
import { useTestDatabase as openTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { loadActiveSession, SessionEndedError } from './active-session';
import { insertSession, type NewSession } from './session-store';
import { sessionCookieName } from './session-cookie';
import { signedInSessions, signOutOtherSessions } from './signed-in-sessions';

const { db } = openTestDatabase({ max: 4 });

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

const issuer = 'http://idp.signed-in-sessions.test';
// No provider configured: nothing to revoke at a provider, so no network in these tests.
const deps = () => ({ db, providers: {} });
const cookieSession = { secret: 'a-test-secret-of-at-least-32-characters', secureCookies: false };
const minutes = (n: number) => n * 60_000;

function newSession(subject: string, overrides: Partial<NewSession> = {}): NewSession {
  const now = Date.now();
  return {
    identityIssuer: issuer,
    identitySubject: subject,
    providerId: 'azure-ad',
    accessToken: `access-secret-${subject}`,
    refreshToken: `refresh-secret-${subject}`,
    idToken: `id-secret-${subject}`,
    accessTokenExpiresAt: new Date(now + minutes(10)),
    expiresAt: new Date(now + minutes(60)),
    ...overrides,
  };
}

async function cookieOf(sid: string): Promise<string> {
  const token = await encode({ token: { sid }, secret: cookieSession.secret });
  return `${sessionCookieName(false)}=${token}`;
}

/** A person signed in on three devices, and someone else signed in once. */
async function signedInThrice() {
  const subject = `subject-${Math.random()}`;
  const ago = (n: number) => new Date(Date.now() - minutes(n));
  // Last active: the laptop a minute ago, the phone three, the old session (no device known) five.
  const phone = await insertSession(db, newSession(subject, { device: 'Safari on iPhone' }), ago(3));
  const laptop = await insertSession(db, newSession(subject, { device: 'Chrome on Windows' }), ago(1));
  const old = await insertSession(db, newSession(subject), ago(5));
  const stranger = await insertSession(
    db,
    newSession(`stranger-${Math.random()}`, { device: 'Firefox on Linux' }),
    ago(2),
  );
  return { phone, laptop, old, stranger };
}

describe('Where you are signed in', () => {
  it('lists only the signed-in identity’s sessions, this one marked, and no secret', async () => {
    const { phone } = await signedInThrice();
    const list = await signedInSessions(await cookieOf(phone), cookieSession, deps());

    // Reading the list is activity of this session: it comes first, then the others, latest first.
    expect(list?.sessions.map(({ device, current }) => ({ device, current }))).toEqual([
      { device: 'Safari on iPhone', current: true },
      { device: 'Chrome on Windows', current: false },
      { device: 'Unknown browser and device', current: false },
    ]);
    for (const item of list!.sessions) {
      expect(Object.keys(item).sort()).toEqual(['current', 'device', 'lastActiveAt']);
      expect(Number.isNaN(Date.parse(item.lastActiveAt))).toBe(false);
    }
    const json = JSON.stringify(list);
    expect(json).not.toContain('secret');
    expect(json).not.toContain('Firefox');
    expect(json).not.toContain(phone);
  });

  it('answers nothing without a live session', async () => {
    const { phone } = await signedInThrice();
    expect(await signedInSessions(null, cookieSession, deps())).toBeNull();
    expect(await signedInSessions('next-auth.session-token=forged', cookieSession, deps())).toBeNull();
    expect(await signedInSessions(await cookieOf('no-such-session'), cookieSession, deps())).toBeNull();
    const wrongSecret = { ...cookieSession, secret: 'another-secret-of-at-least-32-characters' };
    expect(await signedInSessions(await cookieOf(phone), wrongSecret, deps())).toBeNull();
  });

  it('signing out of the others ends their cookies at once and keeps this one and strangers’', async () => {
    const { phone, laptop, old, stranger } = await signedInThrice();

    const left = await signOutOtherSessions(await cookieOf(phone), cookieSession, deps());

    expect(left?.sessions.map(({ device, current }) => ({ device, current }))).toEqual([
      { device: 'Safari on iPhone', current: true },
    ]);
    for (const ended of [laptop, old]) {
      await expect(loadActiveSession(ended, deps())).rejects.toBeInstanceOf(SessionEndedError);
      expect(await signedInSessions(await cookieOf(ended), cookieSession, deps())).toBeNull();
      expect(await signOutOtherSessions(await cookieOf(ended), cookieSession, deps())).toBeNull();
    }
    await expect(loadActiveSession(phone, deps())).resolves.toMatchObject({ identityIssuer: issuer });
    await expect(loadActiveSession(stranger, deps())).resolves.toMatchObject({ identityIssuer: issuer });
    expect((await signedInSessions(await cookieOf(phone), cookieSession, deps()))?.sessions).toHaveLength(1);
  });
});
