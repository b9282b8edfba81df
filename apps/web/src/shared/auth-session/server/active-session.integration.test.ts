import { eq, sql } from 'drizzle-orm';
import { connectDatabase } from '@vet/db/connection';
import { endIdleSessions } from '@vet/db/end-idle-sessions';
import { webSessions } from '@vet/db/schema/identity';
// Renamed: the web's lint reads `use…` as a React hook.
import { useTestDatabase as openTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, inject, it, vi } from 'vitest';
import type { IdentityProviderConfig } from '@/config/server';
import { endOverSessions, endSession, loadActiveSession, SessionEndedError } from './active-session';
import { deleteSession, hashSessionId, insertSession, type NewSession } from './session-store';

const { db } = openTestDatabase({ max: 4 });

// The integration set-up provides it (packages/db/src/testing/global-setup.ts); declared again here
// because the web's type check does not include that file.
declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

const issuer = 'http://idp.session-store.test';
const provider: IdentityProviderConfig = {
  issuer,
  clientId: 'client-portal',
  clientSecret: 'client-secret',
  scope: 'openid',
  audience: undefined,
};
const providers = { 'azure-ad': provider };
const minutes = (n: number) => n * 60_000;

function newSession(overrides: Partial<NewSession> = {}): NewSession {
  const now = Date.now();
  return {
    identityIssuer: issuer,
    identitySubject: `subject-${Math.random()}`,
    providerId: 'azure-ad',
    accessToken: 'access-1',
    refreshToken: 'refresh-1',
    idToken: 'id-1',
    accessTokenExpiresAt: new Date(now + minutes(10)),
    expiresAt: new Date(now + minutes(60)),
    ...overrides,
  };
}

/**
 * The provider's discovery document, token endpoint (answering `tokenAnswer`, after `tokenDelay`) and
 * revocation endpoint (answering `revocationStatus`); records what each was sent.
 */
function fakeProvider(
  tokenAnswer: () => Response,
  options: { tokenDelay?: () => Promise<unknown>; revocationStatus?: number } = {},
) {
  const refreshes: URLSearchParams[] = [];
  const revocations: URLSearchParams[] = [];
  const fetch = (async (input: string, init?: RequestInit) => {
    const url = input;
    if (url.endsWith('/.well-known/openid-configuration')) {
      return Response.json({
        issuer,
        token_endpoint: `${issuer}/oauth/token`,
        revocation_endpoint: `${issuer}/oauth/revoke`,
      });
    }
    if (url.endsWith('/oauth/revoke')) {
      revocations.push(init?.body as URLSearchParams);
      return new Response(null, { status: options.revocationStatus ?? 200 });
    }
    refreshes.push(init?.body as URLSearchParams);
    await (options.tokenDelay?.() ?? new Promise((resolve) => setTimeout(resolve, 20)));
    return tokenAnswer();
  }) as unknown as typeof globalThis.fetch;
  return { fetch, refreshes, revocations };
}

const refreshed = () =>
  Response.json({ access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 600 });

async function rowOf(sessionId: string) {
  const [row] = await db
    .select()
    .from(webSessions)
    .where(eq(webSessions.tokenHash, hashSessionId(sessionId)));
  return row;
}

describe('server-side sessions (web_sessions)', () => {
  it('stores only the hash of the session id, and finds the session by the id', async () => {
    const sessionId = await insertSession(db, newSession());
    const row = await rowOf(sessionId);
    expect(row?.tokenHash).toBe(hashSessionId(sessionId));
    expect(row?.tokenHash).not.toContain(sessionId);
    const session = await loadActiveSession(sessionId, { db, providers });
    expect(session.accessToken).toBe('access-1');
  });

  it('ends with the row: a deleted or expired session is over, whoever holds the id', async () => {
    const deleted = await insertSession(db, newSession());
    await deleteSession(db, deleted);
    await expect(loadActiveSession(deleted, { db, providers })).rejects.toBeInstanceOf(SessionEndedError);

    const expired = await insertSession(db, newSession({ expiresAt: new Date(Date.now() - 1000) }));
    await expect(loadActiveSession(expired, { db, providers })).rejects.toBeInstanceOf(SessionEndedError);
    await expect(loadActiveSession('never-issued', { db, providers })).rejects.toBeInstanceOf(
      SessionEndedError,
    );
  });

  it('refreshes an access token within a minute of expiry once, however many requests need it', async () => {
    const sessionId = await insertSession(
      db,
      newSession({ accessTokenExpiresAt: new Date(Date.now() + 30_000) }),
    );
    const idp = fakeProvider(() =>
      Response.json({ access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 600 }),
    );
    const sessions = await Promise.all(
      Array.from({ length: 4 }, () => loadActiveSession(sessionId, { db, providers, fetch: idp.fetch })),
    );
    expect(sessions.map((s) => s.accessToken)).toEqual(['access-2', 'access-2', 'access-2', 'access-2']);
    expect(idp.refreshes).toHaveLength(1);
    expect(Object.fromEntries(idp.refreshes[0]!)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
    });
    const row = await rowOf(sessionId);
    expect(row).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2', idToken: 'id-1' });
    expect(row!.accessTokenExpiresAt.getTime()).toBeGreaterThan(Date.now() + minutes(9));
  });

  it('holds no pooled connection while the provider answers a refresh (a pool of one still serves)', async () => {
    const small = connectDatabase(inject('databaseUrl'), { max: 1 });
    try {
      const sessionId = await insertSession(
        db,
        newSession({ accessTokenExpiresAt: new Date(Date.now() + 30_000) }),
      );
      let answer!: () => void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      const idp = fakeProvider(refreshed, { tokenDelay: () => answered });
      const refreshing = loadActiveSession(sessionId, { db: small.db, providers, fetch: idp.fetch });
      await vi.waitFor(() => expect(idp.refreshes).toHaveLength(1));
      // The provider has not answered; the only connection is free for other requests meanwhile.
      const other = await small.db.execute(sql`select 1 as one`);
      expect(other.rows).toEqual([{ one: 1 }]);
      answer();
      expect((await refreshing).accessToken).toBe('access-2');
    } finally {
      await small.close();
    }
  });

  it('refreshes once when two servers (two pools) need the same session at the same time', async () => {
    const second = connectDatabase(inject('databaseUrl'), { max: 2 });
    try {
      const sessionId = await insertSession(
        db,
        newSession({ accessTokenExpiresAt: new Date(Date.now() - 1000) }),
      );
      const idp = fakeProvider(refreshed, { tokenDelay: () => new Promise((r) => setTimeout(r, 200)) });
      const sessions = await Promise.all([
        loadActiveSession(sessionId, { db, providers, fetch: idp.fetch }),
        loadActiveSession(sessionId, { db: second.db, providers, fetch: idp.fetch }),
        loadActiveSession(sessionId, { db: second.db, providers, fetch: idp.fetch }),
      ]);
      expect(sessions.map((s) => s.accessToken)).toEqual(['access-2', 'access-2', 'access-2']);
      expect(idp.refreshes).toHaveLength(1);
      expect((await rowOf(sessionId))?.refreshClaimedUntil).toBeNull();
    } finally {
      await second.close();
    }
  });

  it('uses the current token while another server refreshes it, and takes over a lapsed claim', async () => {
    const sessionId = await insertSession(
      db,
      newSession({ accessTokenExpiresAt: new Date(Date.now() + 30_000) }),
    );
    const claimedElsewhere = (until: number) =>
      db
        .update(webSessions)
        .set({ refreshClaimedUntil: new Date(until) })
        .where(eq(webSessions.tokenHash, hashSessionId(sessionId)));
    const idp = fakeProvider(refreshed);

    await claimedElsewhere(Date.now() + 20_000);
    const meanwhile = await loadActiveSession(sessionId, { db, providers, fetch: idp.fetch });
    expect(meanwhile.accessToken).toBe('access-1');
    expect(idp.refreshes).toHaveLength(0);

    await claimedElsewhere(Date.now() - 1000);
    const takenOver = await loadActiveSession(sessionId, { db, providers, fetch: idp.fetch });
    expect(takenOver.accessToken).toBe('access-2');
    expect(idp.refreshes).toHaveLength(1);
  });

  it('ends the session when the refresh fails', async () => {
    const sessionId = await insertSession(
      db,
      newSession({ accessTokenExpiresAt: new Date(Date.now() - 1000) }),
    );
    const idp = fakeProvider(() => Response.json({ error: 'invalid_grant' }, { status: 400 }));
    await expect(loadActiveSession(sessionId, { db, providers, fetch: idp.fetch })).rejects.toBeInstanceOf(
      SessionEndedError,
    );
    expect(await rowOf(sessionId)).toBeUndefined();
  });

  it('ends a session it cannot refresh for want of a refresh token', async () => {
    const sessionId = await insertSession(
      db,
      newSession({ refreshToken: null, accessTokenExpiresAt: new Date(Date.now() + 10_000) }),
    );
    await expect(loadActiveSession(sessionId, { db, providers })).rejects.toBeInstanceOf(SessionEndedError);
    expect(await rowOf(sessionId)).toBeUndefined();
  });

  it('ends a session no request has touched for 16 minutes, deleting its row (R9.1 on the server)', async () => {
    const sessionId = await insertSession(
      db,
      newSession({
        accessTokenExpiresAt: new Date(Date.now() + minutes(60)),
        expiresAt: new Date(Date.now() + minutes(120)),
      }),
    );
    const row = await rowOf(sessionId);
    const lastSeen = row!.lastSeenAt.getTime();
    // Within the limit it lives (and is touched); past it, it is over, whoever holds the id.
    const justInside = new Date(lastSeen + minutes(16) - 1000);
    await expect(loadActiveSession(sessionId, { db, providers, now: justInside })).resolves.toBeTruthy();
    const touched = (await rowOf(sessionId))!.lastSeenAt;
    expect(touched.getTime()).toBe(justInside.getTime());
    const idle = new Date(touched.getTime() + minutes(16) + 1000);
    await expect(loadActiveSession(sessionId, { db, providers, now: idle })).rejects.toBeInstanceOf(
      SessionEndedError,
    );
    expect(await rowOf(sessionId)).toBeUndefined();
  });

  it('revokes the refresh token of a session it ends for inactivity, as logout does', async () => {
    const sessionId = await insertSession(db, newSession({ refreshToken: 'refresh-of-idle-session' }));
    const lastSeen = (await rowOf(sessionId))!.lastSeenAt.getTime();
    const idp = fakeProvider(refreshed);
    await expect(
      loadActiveSession(sessionId, {
        db,
        providers,
        fetch: idp.fetch,
        now: new Date(lastSeen + minutes(17)),
      }),
    ).rejects.toBeInstanceOf(SessionEndedError);
    expect(await rowOf(sessionId)).toBeUndefined();
    expect(idp.revocations.map((body) => Object.fromEntries(body))).toEqual([
      { token: 'refresh-of-idle-session', token_type_hint: 'refresh_token' },
    ]);
  });

  it('the job queue, which cannot revoke, leaves sessions holding a refresh token to the web, which revokes them', async () => {
    const idle = await insertSession(db, newSession({ refreshToken: 'refresh-of-closed-tab' }));
    await db
      .update(webSessions)
      .set({ lastSeenAt: new Date(Date.now() - minutes(17)) })
      .where(eq(webSessions.tokenHash, hashSessionId(idle)));
    const expired = await insertSession(
      db,
      newSession({ refreshToken: 'refresh-of-expired', expiresAt: new Date(Date.now() - 1000) }),
    );
    await endIdleSessions(db);
    expect(await rowOf(idle)).toBeDefined();
    expect(await rowOf(expired)).toBeDefined();

    const idp = fakeProvider(refreshed);
    await endOverSessions({ db, providers, fetch: idp.fetch });
    expect(await rowOf(idle)).toBeUndefined();
    expect(await rowOf(expired)).toBeUndefined();
    const revoked = idp.revocations.map((body) => body.get('token'));
    expect(revoked).toEqual(expect.arrayContaining(['refresh-of-closed-tab', 'refresh-of-expired']));
  });

  it('the job queue deletes idle and expired sessions, and leaves the others', async () => {
    // Sessions with no refresh token: nothing to revoke, so the job (which cannot) may delete them.
    const live = await insertSession(db, newSession({ refreshToken: null }));
    const idle = await insertSession(db, newSession({ refreshToken: null }));
    await db
      .update(webSessions)
      .set({ lastSeenAt: new Date(Date.now() - minutes(17)) })
      .where(eq(webSessions.tokenHash, hashSessionId(idle)));
    // Inserting tidies away what is over already, so the expired session is the last one made.
    const expired = await insertSession(
      db,
      newSession({ refreshToken: null, expiresAt: new Date(Date.now() - 1000) }),
    );
    const ended = await endIdleSessions(db);
    expect(await rowOf(live)).toBeDefined();
    expect(await rowOf(expired)).toBeUndefined();
    expect(await rowOf(idle)).toBeUndefined();
    expect(ended).toBeGreaterThanOrEqual(1);
  });

  it('ending a session deletes its row and revokes its refresh token at the provider (RFC 7009)', async () => {
    const sessionId = await insertSession(db, newSession({ refreshToken: 'refresh-to-revoke' }));
    const idp = fakeProvider(refreshed);
    await endSession(sessionId, { db, providers, fetch: idp.fetch });
    expect(await rowOf(sessionId)).toBeUndefined();
    expect(idp.revocations.map((body) => Object.fromEntries(body))).toEqual([
      { token: 'refresh-to-revoke', token_type_hint: 'refresh_token' },
    ]);
  });

  it('still ends the session when the provider refuses the revocation', async () => {
    const sessionId = await insertSession(db, newSession());
    const idp = fakeProvider(refreshed, { revocationStatus: 503 });
    await endSession(sessionId, { db, providers, fetch: idp.fetch });
    expect(await rowOf(sessionId)).toBeUndefined();
    expect(idp.revocations).toHaveLength(1);
  });
});
