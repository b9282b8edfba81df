import { encode } from 'next-auth/jwt';
import type { NextAuthOptions } from 'next-auth';
// Renamed: the web's lint reads `use…` as a React hook.
import { useTestDatabase as openTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { findLiveSession, insertSession } from '@/shared/auth-session/server/session-store';
import { sessionCookieName } from '@/shared/auth-session/server/session-cookie';
import { cookiesSet, runAction } from './provider-redirect';
import { createSessionCallbacks, SESSION_MAX_AGE_SECONDS } from './session-callbacks';
import { updateSession } from './session-update';

const { db } = openTestDatabase({ max: 4 });

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

const portalUrl = 'http://localhost:3000';
const secret = 'a-test-secret-of-at-least-32-characters';
// The portal's own session callbacks on the test database; no provider, so no network.
const callbacks = createSessionCallbacks(() => ({ db, providers: {} }));
const options: NextAuthOptions = {
  secret,
  providers: [],
  session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
  cookies: {
    sessionToken: {
      name: sessionCookieName(false),
      options: { httpOnly: true, sameSite: 'lax', path: '/', secure: false },
    },
  },
  callbacks: { jwt: callbacks.jwt, session: callbacks.session },
  logger: { error: () => undefined, warn: () => undefined, debug: () => undefined },
};

/** An unsigned ID token carrying the person's name and e-mail, as the store keeps one. */
const idToken = (claims: Record<string, string>) =>
  `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

/** A live session row, signed in `minutesAgo`, and the cookie naming it. */
async function signedIn(minutesAgo = 5) {
  const now = Date.now();
  const sid = await insertSession(
    db,
    {
      identityIssuer: 'http://idp.session-update.test',
      identitySubject: `subject-${Math.random()}`,
      providerId: 'azure-ad',
      accessToken: 'access-secret',
      refreshToken: null,
      idToken: idToken({ name: 'Olivia Bennett', email: 'olivia@example.com' }),
      accessTokenExpiresAt: new Date(now + 10 * 60_000),
      expiresAt: new Date(now + 60 * 60_000),
    },
    new Date(now - minutesAgo * 60_000),
  );
  const token = await encode({ token: { sid }, secret });
  return { sid, cookie: `${sessionCookieName(false)}=${token}` };
}

/** next-auth's CSRF token and its double-submit cookie, as GET /api/auth/csrf hands them out. */
async function csrf() {
  const answer = await runAction(
    { method: 'GET', query: { nextauth: ['csrf'] }, cookies: {}, headers: { host: 'localhost:3000' } },
    options,
  );
  const value = cookiesSet(answer.setCookies)['next-auth.csrf-token']!;
  return {
    csrfToken: (answer.body as { csrfToken: string }).csrfToken,
    cookie: `next-auth.csrf-token=${encodeURIComponent(value)}`,
  };
}

function post(body: string, cookies: string[], contentType = 'application/json') {
  return updateSession(
    new Request(`${portalUrl}/api/auth/session`, {
      method: 'POST',
      headers: {
        origin: portalUrl,
        host: 'localhost:3000',
        'content-type': contentType,
        cookie: cookies.join('; '),
      },
      body,
    }),
    portalUrl,
    options,
  );
}

describe('POST /api/auth/session (R7.11, decision 0100)', () => {
  it('updates the session: the activity clock touched, the answer as GET session gives it', async () => {
    const session = await signedIn(5);
    const { csrfToken, cookie } = await csrf();
    const before = (await findLiveSession(db, session.sid))!.lastSeenAt;

    const response = await post(JSON.stringify({ csrfToken, data: {} }), [session.cookie, cookie]);

    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: unknown; expires: string };
    expect(body.user).toEqual({ name: 'Olivia Bennett', email: 'olivia@example.com' });
    expect(Object.keys(body).sort()).toEqual(['expires', 'user']);
    expect(new Date(body.expires).getTime()).toBeGreaterThan(Date.now());
    expect(response.headers.get('set-cookie')).toContain(`${sessionCookieName(false)}=`);
    const after = (await findLiveSession(db, session.sid))!.lastSeenAt;
    expect(after.getTime()).toBeGreaterThan(before.getTime());
  });

  it('takes the form-encoded body too, data as JSON text or absent', async () => {
    const session = await signedIn();
    const { csrfToken, cookie } = await csrf();
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const formType = 'application/x-www-form-urlencoded';
    expect((await post(form({ csrfToken, data: '{}' }), [session.cookie, cookie], formType)).status).toBe(
      200,
    );
    expect((await post(form({ csrfToken }), [session.cookie, cookie], formType)).status).toBe(200);
  });

  it('refuses a missing or wrong CSRF token with 403, and changes nothing', async () => {
    const session = await signedIn(5);
    const before = (await findLiveSession(db, session.sid))!.lastSeenAt;
    const { csrfToken, cookie } = await csrf();
    const missing = await post(JSON.stringify({ data: {} }), [session.cookie, cookie]);
    expect(missing.status).toBe(403);
    const wrong = await post(JSON.stringify({ csrfToken: `${csrfToken}x`, data: {} }), [
      session.cookie,
      cookie,
    ]);
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    // The token without its cookie is worth nothing: the check is next-auth's double submit.
    expect((await post(JSON.stringify({ csrfToken }), [session.cookie])).status).toBe(403);
    expect((await findLiveSession(db, session.sid))!.lastSeenAt).toEqual(before);
  });

  it('refuses a post from another site with 403 before reading it', async () => {
    const response = await updateSession(
      new Request(`${portalUrl}/api/auth/session`, {
        method: 'POST',
        headers: { origin: 'https://elsewhere.example', 'content-type': 'application/json' },
        body: '{}',
      }),
      portalUrl,
      options,
    );
    expect(response.status).toBe(403);
  });

  it('refuses unknown fields, data that asks for a change and bodies it cannot read, with 400', async () => {
    const session = await signedIn();
    const { csrfToken, cookie } = await csrf();
    const cookies = [session.cookie, cookie];
    const refusals = [
      [JSON.stringify({ csrfToken, data: {}, callbackUrl: '/' }), 'Unknown field: callbackUrl.'],
      [JSON.stringify({ csrfToken, data: { sub: 'someone-else' } }), 'Unknown field in data: sub.'],
      [
        JSON.stringify({ csrfToken, data: { user: { email: 'x@example.com' } } }),
        'Unknown field in data: user.',
      ],
      [JSON.stringify({ csrfToken, data: 'refresh' }), 'data must be an object.'],
      [JSON.stringify({ csrfToken, data: [] }), 'data must be an object.'],
      [JSON.stringify([csrfToken]), 'The body must be an object.'],
      ['{', 'The body is not JSON.'],
    ];
    for (const [body, message] of refusals) {
      const response = await post(body!, cookies);
      expect(response.status, body).toBe(400);
      expect(await response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
    }
    const asText = await post(JSON.stringify({ csrfToken }), cookies, 'text/plain');
    expect(asText.status).toBe(400);
  });

  it('answers 401 without a live session, and clears the cookie of one that has ended', async () => {
    const { csrfToken, cookie } = await csrf();
    const none = await post(JSON.stringify({ csrfToken, data: {} }), [cookie]);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });

    // Idle past the server's timeout (R9.1): the session ends on this read, as on GET.
    const idle = await signedIn(60);
    const ended = await post(JSON.stringify({ csrfToken, data: {} }), [idle.cookie, cookie]);
    expect(ended.status).toBe(401);
    expect(ended.headers.get('set-cookie')).toMatch(
      new RegExp(`${sessionCookieName(false)}=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)`, 'i'),
    );
  });
});
