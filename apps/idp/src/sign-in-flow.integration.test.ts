import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from '@vet/db/password-hash';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { WRONG_CREDENTIALS } from './interactions/sign-in.ts';
import { PortalClient, type TokenResponse } from './testing/portal-client.ts';
import { accountByEmail, createTestAccount, GOOD_PASSWORD, uniqueEmail } from './testing/test-accounts.ts';
import { signUpWithCode } from './testing/sign-up.ts';
import { startTestIdp, type TestIdp } from './testing/test-idp.ts';

const database = useTestDatabase();
let idp: TestIdp;
let portal: PortalClient;

beforeAll(async () => {
  idp = await startTestIdp(database.db, database.url);
  portal = new PortalClient(idp);
});
afterAll(() => idp.close());

describe('sign-in', () => {
  it('is the default page and signs in an existing account', async () => {
    const email = uniqueEmail('existing');
    const accountId = await createTestAccount(database.db, email);
    const started = await portal.startSignIn();
    expect(started.page.body).toContain('<h1>Sign in</h1>');
    expect(started.page.body).toContain('autocomplete="current-password"');

    const answer = await portal.submit(started, 'login', { email, password: GOOD_PASSWORD });
    const response = await portal.exchangeCode(started, portal.codeFrom(started, answer));

    const tokens = (await response.json()) as TokenResponse;
    expect((await portal.verifyAccessToken(tokens.access_token)).sub).toBe(accountId);
  });

  it('accepts a long passphrase (100 characters, spaces and accents) as it was set, truncating nothing', async () => {
    const email = uniqueEmail('passphrase');
    const passphrase = `${'Mon chien préfère les promenades au bord de la mer, 2026! '.repeat(2)}`.slice(
      0,
      100,
    );
    expect(passphrase).toHaveLength(100);
    await createTestAccount(database.db, email, passphrase);
    const shortened = await portal.startSignIn();
    const refused = await portal.submit(shortened, 'login', { email, password: passphrase.slice(0, 72) });
    expect(refused.body).toContain(WRONG_CREDENTIALS);
    const started = await portal.startSignIn();
    const answer = await portal.submit(started, 'login', { email, password: passphrase });
    expect((await portal.exchangeCode(started, portal.codeFrom(started, answer))).status).toBe(200);
  });

  it('gives one neutral message for a wrong password and an unknown e-mail', async () => {
    const email = uniqueEmail('wrong');
    await createTestAccount(database.db, email);
    const started = await portal.startSignIn();

    const wrongPassword = await portal.submit(started, 'login', { email, password: 'Not-the-password-1' });
    const unknownEmail = await portal.submit(started, 'login', {
      email: uniqueEmail('nobody'),
      password: GOOD_PASSWORD,
    });

    for (const answer of [wrongPassword, unknownEmail]) {
      expect(answer.location).toBeUndefined();
      expect(answer.body).toContain(WRONG_CREDENTIALS);
    }
  });

  it('keeps the interaction when the person follows "Create an account"', async () => {
    const started = await portal.startSignIn();
    expect(started.page.body).toContain('>Create an account</a>');
    const signUpPage = await started.browser.request(
      new URL(`${started.page.url.pathname}/signup`, idp.issuer),
    );
    expect(signUpPage.body).toContain('<h1>Create an account</h1>');

    const { answer } = await signUpWithCode(
      portal,
      database.db,
      { ...started, page: signUpPage },
      uniqueEmail('link'),
    );

    expect(portal.codeFrom(started, answer)).toBeTruthy();
  });

  it('rewrites a hash made at the old scrypt cost (N=2^15) at the current one on a successful sign-in', async () => {
    const email = uniqueEmail('rehash');
    const oldHash = await hashPassword(GOOD_PASSWORD, { N: 2 ** 15, r: 8, p: 1 });
    const accountId = await createTestAccount(database.db, email, GOOD_PASSWORD, oldHash);

    const wrong = await portal.startSignIn();
    await portal.submit(wrong, 'login', { email, password: 'Not-the-password-1' });
    expect((await accountByEmail(database.db, email))?.passwordHash).toBe(oldHash);

    const started = await portal.startSignIn();
    const answer = await portal.submit(started, 'login', { email, password: GOOD_PASSWORD });
    const tokens = (await (
      await portal.exchangeCode(started, portal.codeFrom(started, answer))
    ).json()) as TokenResponse;
    expect((await portal.verifyAccessToken(tokens.access_token)).sub).toBe(accountId);

    const rewritten = (await accountByEmail(database.db, email))?.passwordHash ?? '';
    expect(rewritten).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(needsRehash(rewritten)).toBe(false);
    expect(await verifyPassword(GOOD_PASSWORD, rewritten)).toBe(true);
  });

  it('refuses a form without the interaction’s CSRF token', async () => {
    const started = await portal.startSignIn();
    const action = new URL(`${started.page.url.pathname}/login`, idp.issuer);
    const answer = await started.browser.request(action, {
      email: uniqueEmail('csrf'),
      password: 'x',
      csrf: 'forged',
    });
    expect(answer.status).toBe(403);
  });

  it('throttles repeated failures for an address and e-mail', async () => {
    const email = uniqueEmail('throttle');
    await createTestAccount(database.db, email);
    const started = await portal.startSignIn();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const answer = await portal.submit(started, 'login', { email, password: 'Wrong-password-1' });
      expect(answer.body).toContain(WRONG_CREDENTIALS);
    }
    const blocked = await portal.submit(started, 'login', { email, password: GOOD_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toContain('Too many attempts');
  });
});
