import { apiErrorSchema } from '@vet/contracts/errors';
import { useTestDatabase } from '@vet/db/testing/test-database';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import {
  startTestIdentityProvider,
  trustingEnv,
  type TestIdentityProvider,
} from '../../testing/test-identity-provider.ts';

const database = useTestDatabase();
const now = () => Math.floor(Date.now() / 1000);
const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function expectSignInRequired(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(401);
  expect(response.headers['www-authenticate']).toBe('Bearer');
  expect(apiErrorSchema.strict().parse(response.json())).toEqual({
    statusCode: 401,
    error: 'Unauthorized',
    message: 'Sign in to continue.',
  });
}

describe('bearer authentication (GET /client/profile)', () => {
  let provider: TestIdentityProvider;
  let untrusted: TestIdentityProvider;
  let app: App;
  const logLines: string[] = [];

  beforeAll(async () => {
    provider = await startTestIdentityProvider();
    untrusted = await startTestIdentityProvider();
    app = await buildTestApp(database, {
      env: { ...trustingEnv(provider), LOG_LEVEL: 'info' },
      logger: { write: (line) => void logLines.push(line) },
    });
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
    await untrusted.close();
  });

  /** Asks for the profile and returns the one refusal reason logged for it. */
  async function refusalOf(authorization?: string): Promise<unknown> {
    logLines.length = 0;
    const response = await app.inject({
      method: 'GET',
      url: '/client/profile',
      headers: authorization === undefined ? {} : { authorization },
    });
    expectSignInRequired(response);
    const reasons = logLines
      .map((line) => JSON.parse(line) as { authFailure?: string })
      .filter((entry) => entry.authFailure !== undefined)
      .map((entry) => entry.authFailure);
    expect(reasons).toHaveLength(1);
    return reasons[0];
  }

  it('answers 401 without an Authorization header', async () => {
    expect(await refusalOf()).toBe('missing_token');
  });

  it.each([
    ['Basic dXNlcjpwYXNz', 'malformed_header'],
    ['Bearer', 'malformed_header'],
    ['Bearer two tokens', 'malformed_header'],
    ['Bearer not-a-jwt', 'malformed_token'],
    ['Bearer a.b.c', 'malformed_token'],
  ])('answers 401 for the malformed header %j (%s)', async (authorization, reason) => {
    expect(await refusalOf(authorization)).toBe(reason);
  });

  const unsignedToken = () => {
    const header = base64url({ alg: 'none', typ: 'at+jwt' });
    const payload = base64url({ iss: provider.issuer, aud: provider.audience, sub: 'x', exp: now() + 300 });
    return Promise.resolve(`${header}.${payload}.`);
  };
  const hmacWithPublicKey = (secret: string) =>
    provider.sign({ header: { alg: 'HS256' }, key: new TextEncoder().encode(secret) });

  const refusedTokens: [string, string, () => Promise<string>][] = [
    ['an expired token', 'expired', () => provider.sign({ claims: { iat: now() - 600, exp: now() - 60 } })],
    ['a token not yet valid', 'not_yet_valid', () => provider.sign({ claims: { nbf: now() + 120 } })],
    [
      'a token for another audience',
      'wrong_audience',
      () => provider.sign({ claims: { aud: 'https://other-api.test' } }),
    ],
    ['a token of an untrusted issuer, signed by its own keys', 'unknown_issuer', () => untrusted.sign()],
    [
      'a token claiming the trusted issuer but signed by another key set (same kid)',
      'bad_signature',
      () =>
        untrusted.sign({
          claims: { iss: provider.issuer, aud: provider.audience },
          header: { kid: provider.keyId },
        }),
    ],
    ['an unsigned token (alg none)', 'algorithm_not_allowed', unsignedToken],
    [
      'an HS256 token with the public key (PEM) as the secret',
      'algorithm_not_allowed',
      () => hmacWithPublicKey(provider.publicPem),
    ],
    [
      'an HS256 token with the public key (JWK JSON) as the secret',
      'algorithm_not_allowed',
      () => hmacWithPublicKey(JSON.stringify(provider.publicJwk)),
    ],
    [
      'an ID token (typ JWT, aud = the client id, nonce)',
      'wrong_audience',
      () =>
        provider.sign({
          header: { typ: 'JWT' },
          claims: { aud: provider.clientId, nonce: 'n-0S6_WzA2Mj', email: 'owner@example.test' },
        }),
    ],
    [
      'a token whose typ is JWT, even for the right audience',
      'wrong_token_type',
      () => provider.sign({ header: { typ: 'JWT' } }),
    ],
    ['a token without typ', 'wrong_token_type', () => provider.sign({ header: { typ: undefined } })],
    [
      'a token signed with an unknown kid',
      'unknown_key',
      () => provider.sign({ header: { kid: 'rotated-away' } }),
    ],
    ['a token without sub', 'missing_subject', () => provider.sign({ claims: { sub: undefined } })],
    ['a token with an empty sub', 'missing_subject', () => provider.sign({ claims: { sub: '' } })],
    ['a token without exp', 'invalid_claims', () => provider.sign({ claims: { exp: undefined } })],
  ];

  it.each(refusedTokens)('answers 401 for %s (%s)', async (_case, reason, token) => {
    expect(await refusalOf(`Bearer ${await token()}`)).toBe(reason);
  });

  it('accepts a valid access token, also a little past exp (clock tolerance) and as application/at+jwt', async () => {
    for (const token of [
      await provider.sign(),
      await provider.sign({ claims: { iat: now() - 300, exp: now() - 10 } }),
      await provider.sign({ header: { typ: 'application/at+jwt' } }),
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: '/client/profile',
        headers: { authorization: `bearer  ${token}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('logs the reason of a refusal, never the token or who it names', async () => {
    const subject = `logged-subject-${crypto.randomUUID()}`;
    const token = await provider.sign({ claims: { sub: subject, aud: 'https://other-api.test' } });
    expect(await refusalOf(`Bearer ${token}`)).toBe('wrong_audience');
    const log = logLines.join('\n');
    for (const part of token.split('.')) expect(log).not.toContain(part);
    expect(log).not.toContain(subject);
  });
});

describe("the issuer's keys", () => {
  let provider: TestIdentityProvider;
  let app: App;

  beforeAll(async () => {
    provider = await startTestIdentityProvider();
    app = await buildTestApp(database, { env: trustingEnv(provider) });
  });
  afterAll(async () => {
    await app.close();
    await provider.close();
  });

  it('are found by discovery once; a failed discovery answers 503 and is retried on the next request', async () => {
    provider.failDiscovery(1);
    const headers = { authorization: `Bearer ${await provider.sign()}` };

    const first = await app.inject({ method: 'GET', url: '/v2/profile', headers });
    expect(first.statusCode).toBe(503);
    expect(first.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });

    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await app.inject({ method: 'GET', url: '/v2/profile', headers });
      expect(response.statusCode).toBe(200);
    }
    expect(provider.requests.get('/.well-known/openid-configuration')).toBe(2);
    expect(provider.requests.get('/jwks')).toBe(1);
  });
});
