import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../../testing/test-identity-provider.ts';
import {
  createAccessTokenVerifier,
  type VerifiedCaller,
  type VerifyAccessToken,
} from './access-token-verifier.ts';

/** The identity of a person's token; fails the test for a machine's. */
function personOf(caller: VerifiedCaller) {
  if (caller.kind !== 'person') throw new Error(`expected a person, got a ${caller.kind}`);
  return caller.identity;
}

describe('createAccessTokenVerifier: the e-mail claim', () => {
  let provider: TestIdentityProvider;
  let verify: VerifyAccessToken;
  beforeAll(async () => {
    provider = await startTestIdentityProvider();
    verify = createAccessTokenVerifier([provider.trustedIssuer]);
  });
  afterAll(() => provider.close());

  it('carries the email claim along with issuer and subject', async () => {
    const token = await provider.sign({
      claims: { sub: 'subject-1', email: ' Jo.Bloggs@Example.test ', email_verified: true },
    });
    expect(personOf(await verify(token))).toEqual({
      issuer: provider.issuer,
      subject: 'subject-1',
      email: 'Jo.Bloggs@Example.test',
      emailVerified: true,
    });
  });

  it.each([
    ['false', false],
    ['absent', undefined],
    ['the string "true"', 'true'],
    ['1', 1],
  ])('says the e-mail is not verified when email_verified is %s', async (_case, emailVerified) => {
    const token = await provider.sign({
      claims: { sub: 'subject-5', email: 'jo@example.test', email_verified: emailVerified },
    });
    expect(personOf(await verify(token))).toMatchObject({ email: 'jo@example.test', emailVerified: false });
  });

  it('leaves the e-mail out when the token has no email claim', async () => {
    const identity = personOf(await verify(await provider.sign({ claims: { sub: 'subject-2' } })));
    expect(identity).toEqual({ issuer: provider.issuer, subject: 'subject-2' });
    expect('email' in identity).toBe(false);
  });

  it.each([
    ['not an address', 'jo.bloggs'],
    ['not a string', 42],
    ['empty', ''],
    ['too long', `${'a'.repeat(250)}@example.test`],
  ])('ignores an email claim that is %s, without refusing the token', async (_case, email) => {
    const identity = personOf(await verify(await provider.sign({ claims: { sub: 'subject-3', email } })));
    expect(identity).toEqual({ issuer: provider.issuer, subject: 'subject-3' });
  });
});

describe('createAccessTokenVerifier: machine tokens (decision 0062)', () => {
  let provider: TestIdentityProvider;
  beforeAll(async () => {
    provider = await startTestIdentityProvider();
  });
  afterAll(() => provider.close());

  it('tells a client-credentials token from a person’s, with its client and scopes and no e-mail', async () => {
    const verify = createAccessTokenVerifier([provider.trustedIssuer]);
    const token = await provider.signMachine({ claims: { email: 'pms@example.test', email_verified: true } });
    expect(await verify(token)).toEqual({
      kind: 'machine',
      machine: { issuer: provider.issuer, clientId: 'practice-system-test', scopes: ['practice-system'] },
    });
    // Remembered as what it is.
    expect((await verify(token)).kind).toBe('machine');
    expect((await verify(await provider.sign())).kind).toBe('person');
  });
});

describe('createAccessTokenVerifier: remembering verified tokens', () => {
  let provider: TestIdentityProvider;
  beforeAll(async () => {
    provider = await startTestIdentityProvider();
  });
  afterAll(() => provider.close());

  it('answers a token it has verified from memory, and stops at the token’s own expiry', async () => {
    let now = Date.now();
    const verify = createAccessTokenVerifier([provider.trustedIssuer], undefined, { now: () => now });
    const exp = Math.floor(now / 1000) + 60;
    const token = await provider.sign({ claims: { sub: 'subject-4', exp } });
    expect(personOf(await verify(token)).subject).toBe('subject-4');
    expect(personOf(await verify(token)).subject).toBe('subject-4');
    // Past its expiry and the clock tolerance, the remembered answer is not used: the token is refused.
    now = (exp + 31) * 1000;
    await expect(verify(token)).rejects.toMatchObject({ name: 'AuthFailure' });
  });

  it('keeps at most cacheSize tokens, forgetting the oldest first', async () => {
    const start = Date.now();
    let now = start;
    const verify = createAccessTokenVerifier([provider.trustedIssuer], undefined, {
      cacheSize: 1,
      now: () => now,
    });
    // Tokens valid from now: a check made two minutes earlier would find them not valid yet.
    const nbf = Math.floor(start / 1000);
    const first = await provider.sign({ claims: { sub: 'subject-6', nbf } });
    const second = await provider.sign({ claims: { sub: 'subject-7', nbf } });
    await verify(first);
    await verify(second);
    now = start - 120_000;
    // The newest is remembered, so it is not checked again; the oldest was forgotten, so it is.
    expect(personOf(await verify(second)).subject).toBe('subject-7');
    await expect(verify(first)).rejects.toMatchObject({ name: 'AuthFailure' });
  });
});
