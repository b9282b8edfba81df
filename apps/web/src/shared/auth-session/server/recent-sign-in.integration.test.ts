import { eq } from 'drizzle-orm';
import { webSessions } from '@vet/db/schema/identity';
// Renamed: the web's lint reads `use…` as a React hook.
import { useTestDatabase as openTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { isReauthenticationRequired, reauthenticationPath } from '@/shared/auth-session/reauthentication';
import { isRecentSignIn, sessionSignInTime } from './recent-sign-in';
import { hashSessionId, insertSession } from './session-store';

const { db } = openTestDatabase({ max: 2 });
const minutes = (n: number) => n * 60_000;
const fakeJwt = (claims: Record<string, unknown>) =>
  `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

async function sessionWith(idToken: string | null, now = new Date()): Promise<string> {
  return insertSession(
    db,
    {
      identityIssuer: 'http://idp.recent-sign-in.test',
      identitySubject: `subject-${crypto.randomUUID()}`,
      providerId: 'azure-ad',
      accessToken: 'access',
      refreshToken: null,
      idToken,
      accessTokenExpiresAt: new Date(now.getTime() + minutes(5)),
      expiresAt: new Date(now.getTime() + minutes(60)),
    },
    now,
  );
}

describe('a session’s sign-in time (decision 0079)', () => {
  it('is the ID token’s auth_time', async () => {
    const authTime = Math.floor(Date.now() / 1000) - 3600;
    const sid = await sessionWith(fakeJwt({ sub: 's', auth_time: authTime }));
    expect(await sessionSignInTime(db, sid)).toEqual(new Date(authTime * 1000));
  });

  it('is when the session began when the ID token has none', async () => {
    const sid = await sessionWith(fakeJwt({ sub: 's' }));
    const [row] = await db
      .select({ createdAt: webSessions.createdAt, authenticatedAt: webSessions.authenticatedAt })
      .from(webSessions)
      .where(eq(webSessions.tokenHash, hashSessionId(sid)));
    expect(row?.authenticatedAt).toEqual(row?.createdAt);
    expect(await sessionSignInTime(db, sid)).toEqual(row?.authenticatedAt);
  });

  it('is null for no session, and for an expired one', async () => {
    expect(await sessionSignInTime(db, 'no-such-session')).toBeNull();
    const sid = await sessionWith(null);
    expect(await sessionSignInTime(db, sid, new Date(Date.now() + minutes(61)))).toBeNull();
  });

  it('is recent for ten minutes', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(isRecentSignIn(new Date(now.getTime() - minutes(10)), now)).toBe(true);
    expect(isRecentSignIn(new Date(now.getTime() - minutes(10) - 1), now)).toBe(false);
    expect(isRecentSignIn(null, now)).toBe(false);
  });
});

describe('asking for a sign-in again', () => {
  it('goes through start-sign-in and back to the page', () => {
    expect(reauthenticationPath('/client-detail/your-data')).toBe(
      '/api/auth/start-sign-in?callbackUrl=%2Fclient-detail%2Fyour-data',
    );
  });

  it('recognises the API’s answer', () => {
    expect(isReauthenticationRequired(403, { message: 'x', code: 'reauthentication_required' })).toBe(true);
    expect(isReauthenticationRequired(403, { message: 'x' })).toBe(false);
    expect(isReauthenticationRequired(401, { code: 'reauthentication_required' })).toBe(false);
    expect(isReauthenticationRequired(null, null)).toBe(false);
  });
});
