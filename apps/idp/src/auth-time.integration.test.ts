import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { PortalClient, type TokenResponse } from './testing/portal-client.ts';
import { createTestAccount, GOOD_PASSWORD, uniqueEmail } from './testing/test-accounts.ts';
import { startTestIdp, type TestIdp } from './testing/test-idp.ts';

/**
 * Decision 0079: the API lets an export or a deletion through only after a recent sign-in, and learns
 * when that was from the access token's own signed `auth_time`, which the embedded provider adds.
 */
const database = useTestDatabase();
let idp: TestIdp;
let portal: PortalClient;

beforeAll(async () => {
  idp = await startTestIdp(database.db, database.url);
  portal = new PortalClient(idp);
});
afterAll(() => idp.close());

describe('auth_time in access tokens', () => {
  it('is the sign-in time, in the ID token and the access token alike, and kept by a refresh', async () => {
    const email = uniqueEmail('auth-time');
    await createTestAccount(database.db, email);
    const before = Math.floor(Date.now() / 1000);
    const started = await portal.startSignIn();
    const answer = await portal.submit(started, 'login', { email, password: GOOD_PASSWORD });
    const after = Math.ceil(Date.now() / 1000);
    const tokens = (await (
      await portal.exchangeCode(started, portal.codeFrom(started, answer))
    ).json()) as TokenResponse;

    const access = await portal.verifyAccessToken(tokens.access_token);
    expect(access.auth_time).toBeGreaterThanOrEqual(before);
    expect(access.auth_time).toBeLessThanOrEqual(after);
    expect((await portal.verifyIdToken(tokens.id_token ?? '')).auth_time).toBe(access.auth_time);

    // A refresh is not a sign-in: the new access token says when the person last signed in.
    const refreshed = (await (await portal.refresh(tokens.refresh_token ?? '')).json()) as TokenResponse;
    expect((await portal.verifyAccessToken(refreshed.access_token)).auth_time).toBe(access.auth_time);
  });

  it('prompt=login asks for the password again, and the new tokens carry the new time', async () => {
    const email = uniqueEmail('auth-time-again');
    await createTestAccount(database.db, email);
    const first = await portal.startSignIn();
    const firstAnswer = await portal.submit(first, 'login', { email, password: GOOD_PASSWORD });
    const firstTokens = (await (
      await portal.exchangeCode(first, portal.codeFrom(first, firstAnswer))
    ).json()) as TokenResponse;
    const firstTime = (await portal.verifyAccessToken(firstTokens.access_token)).auth_time as number;

    // Wait until the clock's second has moved on, so the times differ.
    while (Math.floor(Date.now() / 1000) <= firstTime) await new Promise((r) => setTimeout(r, 20));
    const again = await portal.startSignIn({ prompt: 'login' }, first.browser);
    expect(again.page.body).toContain('<h1>Sign in</h1>');
    const answer = await portal.submit(again, 'login', { email, password: GOOD_PASSWORD });
    const tokens = (await (
      await portal.exchangeCode(again, portal.codeFrom(again, answer))
    ).json()) as TokenResponse;
    expect((await portal.verifyAccessToken(tokens.access_token)).auth_time).toBeGreaterThan(firstTime);
  });
});
