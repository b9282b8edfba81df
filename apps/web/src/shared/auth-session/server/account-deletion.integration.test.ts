import { encode } from 'next-auth/jwt';
// Renamed: the web's lint reads `use…` as a React hook.
import { useTestDatabase as openTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import type { IdentityProviderConfig } from '@/config/server';
import { proxyToApi, type ProxyOptions } from '@/shared/bff/proxy';
import { sessionCookieName } from './session-cookie';
import { insertSession, type NewSession } from './session-store';

/**
 * Security round three, finding 9 (docs/security/hardening.md): deleting the online account deletes the
 * `web_sessions` rows, which hold the refresh tokens; with an external provider they stayed valid there.
 * The web, which holds the client credentials, revokes every session's refresh token (RFC 7009) before it
 * forwards the deletion, and a provider that fails or does not answer does not hold the deletion up.
 */

const { db } = openTestDatabase({ max: 4 });

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

const issuer = 'http://idp.account-deletion.test';
const provider: IdentityProviderConfig = {
  issuer,
  clientId: 'client-portal',
  clientSecret: 'client-secret',
  scope: 'openid',
  audience: undefined,
};
const providers = { 'azure-ad': provider };
const cookieSession = { secret: 'a-test-secret-of-at-least-32-characters', secureCookies: false };
const portalUrl = 'http://portal.test';
const apiUrl = 'http://api.test';
const minutes = (n: number) => n * 60_000;

function newSession(subject: string, refreshToken: string, overrides: Partial<NewSession> = {}): NewSession {
  const now = Date.now();
  return {
    identityIssuer: issuer,
    identitySubject: subject,
    providerId: 'azure-ad',
    accessToken: `access-${refreshToken}`,
    refreshToken,
    idToken: null,
    accessTokenExpiresAt: new Date(now + minutes(10)),
    expiresAt: new Date(now + minutes(60)),
    ...overrides,
  };
}

/** A person signed in on three devices (the first of them deleting), and someone else signed in. */
async function signedInThrice() {
  const subject = `subject-${Math.random()}`;
  const tokens = [1, 2, 3].map((n) => `refresh-${n}-${Math.random()}`);
  const [current] = await Promise.all(tokens.map((token) => insertSession(db, newSession(subject, token))));
  const strangersToken = `refresh-stranger-${Math.random()}`;
  await insertSession(db, newSession(`stranger-${Math.random()}`, strangersToken));
  const cookie = `${sessionCookieName(false)}=${await encode({ token: { sid: current! }, secret: cookieSession.secret })}`;
  return { tokens, strangersToken, cookie };
}

/**
 * The provider (discovery and RFC 7009 revocation, answering `revocation`) and the API (the deletion,
 * answering 200), one fetch; records what the provider revoked by the time the API was called.
 */
function standIns(revocation: (signal: AbortSignal | undefined) => Promise<Response>) {
  const revoked: string[] = [];
  const calls: { revokedByThen: string[]; body: string }[] = [];
  const fetch = (async (input: string, init?: RequestInit) => {
    if (input.endsWith('/.well-known/openid-configuration')) {
      return Response.json({
        issuer,
        token_endpoint: `${issuer}/oauth/token`,
        revocation_endpoint: `${issuer}/oauth/revoke`,
      });
    }
    if (input === `${issuer}/oauth/revoke`) {
      const answer = await revocation(init?.signal ?? undefined);
      if (answer.ok) revoked.push((init?.body as URLSearchParams).get('token')!);
      return answer;
    }
    if (input === `${apiUrl}/client/online-account/delete`) {
      calls.push({ revokedByThen: [...revoked], body: new TextDecoder().decode(init?.body as ArrayBuffer) });
      return Response.json({ deleted: true, providerAccountDeleted: false });
    }
    throw new Error(`unexpected fetch of ${input}`);
  }) as unknown as typeof globalThis.fetch;
  return { fetch, revoked, calls };
}

/** POST /bff/client/online-account/delete from the portal's page, with the session's cookie. */
function deleteThroughTheBff(
  cookie: string,
  fetch: typeof globalThis.fetch,
  options: { budgetMs?: number; confirmation?: string } = {},
) {
  const request = new Request(`${portalUrl}/bff/client/online-account/delete`, {
    method: 'POST',
    headers: { origin: portalUrl, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ confirmation: options.confirmation ?? 'DELETE' }),
  });
  const proxy: ProxyOptions = {
    apiUrl,
    portalUrl,
    fetch,
    log: () => undefined,
    // The bearer is the proxy's other business (access-token.ts).
    attachAccessToken: (_request, headers) => Promise.resolve(headers),
    accountDeletion: {
      db,
      providers,
      fetch,
      session: cookieSession,
      ...(options.budgetMs ? { budgetMs: options.budgetMs } : {}),
    },
  };
  return proxyToApi(request, ['client', 'online-account', 'delete'], proxy);
}

describe('deleting the online account through the BFF', () => {
  it('revokes the refresh token of every session of the person at the provider before the API deletes them', async () => {
    const { tokens, strangersToken, cookie } = await signedInThrice();
    const stand = standIns(() => Promise.resolve(new Response(null, { status: 200 })));

    const response = await deleteThroughTheBff(cookie, stand.fetch);

    expect(response.status).toBe(200);
    expect(stand.calls).toHaveLength(1);
    expect([...stand.calls[0]!.revokedByThen].sort()).toEqual([...tokens].sort());
    expect(stand.revoked).not.toContain(strangersToken);
    expect(JSON.parse(stand.calls[0]!.body)).toEqual({ confirmation: 'DELETE' });
  });

  it('forwards the deletion when the provider refuses, and within the time box when it does not answer', async () => {
    const refusing = await signedInThrice();
    const refuses = standIns(() => Promise.resolve(new Response(null, { status: 503 })));
    expect((await deleteThroughTheBff(refusing.cookie, refuses.fetch)).status).toBe(200);
    expect(refuses.calls).toHaveLength(1);

    const silent = await signedInThrice();
    // Answers only when the revocation's own timeout gives up on it.
    const neverAnswers = standIns(
      (signal) =>
        new Promise((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );
    const started = Date.now();
    const response = await deleteThroughTheBff(silent.cookie, neverAnswers.fetch, { budgetMs: 300 });
    expect(response.status).toBe(200);
    expect(neverAnswers.calls).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('revokes nothing when the API will refuse: the word not typed as DELETE', async () => {
    const { cookie } = await signedInThrice();
    const stand = standIns(() => Promise.resolve(new Response(null, { status: 200 })));
    await deleteThroughTheBff(cookie, stand.fetch, { confirmation: 'delete' });
    expect(stand.calls).toHaveLength(1);
    expect(stand.revoked).toEqual([]);
  });
});
