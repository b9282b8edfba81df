import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentityProvider, type TestIdentityProvider } from '../testing/test-identity-provider.ts';
import { createAccessTokenVerifier, type VerifyAccessToken } from './access-token-verifier.ts';

describe('createAccessTokenVerifier: the e-mail claim', () => {
  let provider: TestIdentityProvider;
  let verify: VerifyAccessToken;
  beforeAll(async () => {
    provider = await startTestIdentityProvider();
    verify = createAccessTokenVerifier([provider.trustedIssuer]);
  });
  afterAll(() => provider.close());

  it('carries the email claim along with issuer and subject', async () => {
    const token = await provider.sign({ claims: { sub: 'subject-1', email: ' Jo.Bloggs@Example.test ' } });
    expect(await verify(token)).toEqual({
      issuer: provider.issuer,
      subject: 'subject-1',
      email: 'Jo.Bloggs@Example.test',
    });
  });

  it('leaves the e-mail out when the token has no email claim', async () => {
    const identity = await verify(await provider.sign({ claims: { sub: 'subject-2' } }));
    expect(identity).toEqual({ issuer: provider.issuer, subject: 'subject-2' });
    expect('email' in identity).toBe(false);
  });

  it.each([
    ['not an address', 'jo.bloggs'],
    ['not a string', 42],
    ['empty', ''],
    ['too long', `${'a'.repeat(250)}@example.test`],
  ])('ignores an email claim that is %s, without refusing the token', async (_case, email) => {
    const identity = await verify(await provider.sign({ claims: { sub: 'subject-3', email } }));
    expect(identity).toEqual({ issuer: provider.issuer, subject: 'subject-3' });
  });
});
