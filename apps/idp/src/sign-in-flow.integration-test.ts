import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_HELPER_TEXT } from '@vet/contracts/password-policy';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { CANNOT_CREATE_ACCOUNT } from './interactions/sign-up.ts';
import { WRONG_CREDENTIALS } from './interactions/sign-in.ts';
import { PortalClient, type TokenResponse } from './testing/portal-client.ts';
import { accountByEmail, createTestAccount, GOOD_PASSWORD, uniqueEmail } from './testing/test-accounts.ts';
import { startTestIdp, type TestIdp } from './testing/test-idp.ts';
import { escapeHtml } from './views/layout.ts';

const database = useTestDatabase();
let idp: TestIdp;
let portal: PortalClient;

beforeAll(async () => {
  idp = await startTestIdp(database.db, database.url);
  portal = new PortalClient(idp);
});
afterAll(() => idp.close());

const signUpFields = (email: string, password = GOOD_PASSWORD) => ({
  email,
  password,
  'confirm-password': password,
});

describe('sign-up (screen_hint=signup)', () => {
  it('creates the account and returns tokens the API accepts', async () => {
    const started = await portal.startSignIn({ providerId: 'auth0', screenHint: 'signup' });
    expect(started.page.status).toBe(200);
    expect(started.page.body).toContain('<h1>Create an account</h1>');
    expect(started.page.body).toContain(escapeHtml(PASSWORD_HELPER_TEXT));
    const email = uniqueEmail('signup');

    const answer = await portal.submit(started, 'signup', signUpFields(`  ${email.toUpperCase()} `));
    const tokens = (await (
      await portal.exchangeCode(started, portal.codeFrom(started, answer))
    ).json()) as TokenResponse;

    const account = await accountByEmail(database.db, email);
    expect(account?.passwordHash).toMatch(/^scrypt\$/);
    const access = await portal.verifyAccessToken(tokens.access_token);
    expect(access.sub).toBe(account?.id);
    expect(access.aud).toBe(idp.config.apiAudience);
    const id = await portal.verifyIdToken(tokens.id_token ?? '');
    expect(id).toMatchObject({ sub: account?.id, email, email_verified: false });
    expect(tokens.refresh_token).toBeTruthy();
  });

  it('answers an address that already has an account neutrally', async () => {
    const email = uniqueEmail('taken');
    await createTestAccount(database.db, email);
    const started = await portal.startSignIn({ screenHint: 'signup' });

    const answer = await portal.submit(started, 'signup', signUpFields(email.toUpperCase()));

    expect(answer.status).toBe(200);
    expect(answer.body).toContain(escapeHtml(CANNOT_CREATE_ACCOUNT));
  });

  it('refuses a password that breaks the rule, showing which rule', async () => {
    const email = uniqueEmail('weak');
    const started = await portal.startSignIn({ screenHint: 'signup' });

    const short = await portal.submit(started, 'signup', signUpFields(email, 'Ab1!'));
    expect(short.status).toBe(200);
    expect(short.body).toContain('Your password must contain at least 8 characters');
    expect(short.body).toContain('data-rule="length" data-met="false"');

    const twoKinds = await portal.submit(started, 'signup', signUpFields(email, 'password123'));
    expect(twoKinds.status).toBe(200);
    expect(twoKinds.body).toContain('Your password must contain at least 3 of the kinds of character listed');
    expect(twoKinds.body).toContain('data-rule="upper" data-met="false"');
    expect(twoKinds.body).not.toContain('password123');
    expect(await accountByEmail(database.db, email)).toBeUndefined();
  });

  it('checks the e-mail format and the confirmation', async () => {
    const started = await portal.startSignIn({ screenHint: 'signup' });
    const answer = await portal.submit(started, 'signup', {
      email: 'not-an-address',
      password: GOOD_PASSWORD,
      'confirm-password': `${GOOD_PASSWORD}x`,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('role="alert"');
    expect(answer.body).toContain('aria-describedby="email-error"');
    expect(answer.body).toContain('The passwords do not match');
  });
});

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

    const answer = await portal.submit(
      { ...started, page: signUpPage },
      'signup',
      signUpFields(uniqueEmail('link')),
    );

    expect(portal.codeFrom(started, answer)).toBeTruthy();
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
