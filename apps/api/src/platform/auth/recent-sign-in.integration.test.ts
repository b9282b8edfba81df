import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toErrorResponse } from '../http/index.ts';
import {
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../../testing/test-identity-provider.ts';
import { createAccessTokenVerifier, type VerifyAccessToken } from './access-token-verifier.ts';
import { isRecentSignIn, RECENT_SIGN_IN_SECONDS } from './recent-sign-in.ts';
import { reauthenticationRequired } from '../http/errors.ts';

/** Decision 0079: the API learns when the person signed in from the access token's signed auth_time. */
describe('recent sign-in', () => {
  let provider: TestIdentityProvider;
  let verify: VerifyAccessToken;
  beforeAll(async () => {
    provider = await startTestIdentityProvider();
    verify = createAccessTokenVerifier([provider.trustedIssuer]);
  });
  afterAll(() => provider.close());

  async function authTimeOf(claims: Record<string, unknown>): Promise<Date | undefined> {
    const caller = await verify(await provider.sign({ claims: { sub: 'subject-auth-time', ...claims } }));
    if (caller.kind !== 'person') throw new Error('expected a person');
    return caller.identity.authTime;
  }

  it('reads auth_time (seconds) from the verified token', async () => {
    expect(await authTimeOf({ auth_time: 1_800_000_000 })).toEqual(new Date(1_800_000_000_000));
  });

  it('reads the sign-in time from the claim the issuer names instead (a namespaced one, for Auth0)', async () => {
    const claim = 'https://portal.example/auth_time';
    const named = createAccessTokenVerifier([{ ...provider.trustedIssuer, authTimeClaim: claim }]);
    const sign = (claims: Record<string, unknown>) =>
      provider.sign({ claims: { sub: 'subject-named', ...claims } });
    const identityOf = async (token: string) => {
      const caller = await named(token);
      if (caller.kind !== 'person') throw new Error('expected a person');
      return caller.identity;
    };
    expect((await identityOf(await sign({ [claim]: 1_800_000_000 }))).authTime).toEqual(
      new Date(1_800_000_000_000),
    );
    // Then a plain auth_time is not what that issuer vouches for.
    expect((await identityOf(await sign({ auth_time: 1_800_000_000 }))).authTime).toBeUndefined();
  });

  it.each([
    ['absent', undefined],
    ['a string', '1800000000'],
    ['zero', 0],
    ['negative', -5],
  ])('has no sign-in time when auth_time is %s', async (_case, authTime) => {
    expect(await authTimeOf({ auth_time: authTime })).toBeUndefined();
  });

  it('counts a sign-in as recent for RECENT_SIGN_IN_SECONDS, and an unknown one never', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
    expect(isRecentSignIn(ago(0), now)).toBe(true);
    expect(isRecentSignIn(ago(RECENT_SIGN_IN_SECONDS), now)).toBe(true);
    expect(isRecentSignIn(ago(RECENT_SIGN_IN_SECONDS + 1), now)).toBe(false);
    expect(isRecentSignIn(undefined, now)).toBe(false);
    // A provider clock a little ahead is tolerated; a time far in the future is not believed.
    expect(isRecentSignIn(ago(-20), now)).toBe(true);
    expect(isRecentSignIn(ago(-3600), now)).toBe(false);
  });

  it('answers 403 in the error shape with the code the web recognises', () => {
    expect(toErrorResponse(reauthenticationRequired())).toEqual({
      statusCode: 403,
      isExpected: true,
      body: {
        statusCode: 403,
        error: 'Forbidden',
        message: 'For your security, please sign in again to continue.',
        code: 'reauthentication_required',
      },
    });
  });
});
