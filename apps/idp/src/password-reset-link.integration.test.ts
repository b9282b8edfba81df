import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idpAccounts, idpPasswordResets } from '@vet/db/schema/identity';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { WRONG_CREDENTIALS } from './interactions/sign-in.ts';
import { hashResetToken } from './password-reset/reset-token.ts';
import { Browser, hiddenValue } from './testing/browser.ts';
import {
  createPortalSession,
  emailsTo,
  portalSessionsOf,
  providerEntriesOf,
  requestReset,
  resetLinkIn,
  submitNewPassword,
} from './testing/password-reset.ts';
import { PortalClient, type TokenResponse } from './testing/portal-client.ts';
import { createTestAccount, GOOD_PASSWORD, uniqueEmail } from './testing/test-accounts.ts';
import { startTestIdp, type TestIdp } from './testing/test-idp.ts';

const database = useTestDatabase();
let idp: TestIdp;
let portal: PortalClient;

beforeAll(async () => {
  idp = await startTestIdp(database.db, database.url);
  portal = new PortalClient(idp);
});
afterAll(() => idp.close());

const NEW_PASSWORD = 'Another-Horse-42';

/** An account with a reset link e-mailed to it. */
async function accountWithLink(label: string) {
  const email = uniqueEmail(label);
  const accountId = await createTestAccount(database.db, email);
  await requestReset(idp.issuer, email);
  const [sent] = await emailsTo(database.db, email);
  return { email, accountId, link: resetLinkIn(idp.issuer, sent?.text ?? '') };
}

async function signIn(email: string, password = GOOD_PASSWORD) {
  const started = await portal.startSignIn();
  const answer = await portal.submit(started, 'login', { email, password });
  if (!answer.location) return { started, answer, tokens: undefined };
  const response = await portal.exchangeCode(started, portal.codeFrom(started, answer));
  return { started, answer, tokens: (await response.json()) as TokenResponse };
}

describe('the reset link', () => {
  it('shows the form without using the link; saving the password uses it, once', async () => {
    const { link, accountId } = await accountWithLink('once');
    const browser = new Browser();
    await browser.request(link);
    const { page, answer } = await submitNewPassword(link, NEW_PASSWORD, browser);

    expect(page.status).toBe(200);
    expect(page.body).toContain('<label for="password">New password</label>');
    expect(page.body).toContain('<label for="confirm-password">Confirm new password</label>');
    expect(page.body).toContain('data-rule="length" data-met="false"');
    expect(page.body).toMatch(/id="password"[^>]*aria-describedby="password-hint password-rules"/);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<h1>Your password has been changed</h1>');
    expect(answer.body).toContain(`href="${idp.config.portalUrl}/signin"`);
    const [reset] = await database.db
      .select()
      .from(idpPasswordResets)
      .where(eq(idpPasswordResets.accountId, accountId));
    expect(reset?.usedAt).toBeInstanceOf(Date);

    const again = await browser.request(new URL('/password/reset', idp.issuer), {
      csrf: hiddenValue(page.body, 'csrf'),
      token: hiddenValue(page.body, 'token'),
      password: 'Yet-Another-Horse-7',
      'confirm-password': 'Yet-Another-Horse-7',
    });
    expect(again.status).toBe(400);
    expect(again.body).toContain('<h1>This link no longer works</h1>');
    expect(again.body).toContain('href="/password/forgot"');
    expect((await browser.request(link)).status).toBe(400);
  });

  it('refuses a password that breaks the policy, keeping the link', async () => {
    const { link } = await accountWithLink('weak');
    const browser = new Browser();
    const page = await browser.request(link);
    const fields = { csrf: hiddenValue(page.body, 'csrf'), token: hiddenValue(page.body, 'token') };

    const weak = await browser.request(new URL('/password/reset', idp.issuer), {
      ...fields,
      password: 'password123',
      'confirm-password': 'password123',
    });
    expect(weak.status).toBe(200);
    expect(weak.body).toContain('Your password must contain at least 3 of the kinds of character listed');
    expect(weak.body).toContain('data-rule="upper" data-met="false"');
    expect(weak.body).not.toContain('password123');
    const mismatch = await browser.request(new URL('/password/reset', idp.issuer), {
      ...fields,
      password: NEW_PASSWORD,
      'confirm-password': `${NEW_PASSWORD}x`,
    });
    expect(mismatch.body).toContain('The passwords do not match');
    expect((await submitNewPassword(link, NEW_PASSWORD)).answer.status).toBe(200);
  });

  it('does not work once expired, or when it is not one of ours', async () => {
    const { link, email } = await accountWithLink('expired');
    await database.db
      .update(idpPasswordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idpPasswordResets.tokenHash, hashResetToken(link.searchParams.get('token') ?? '')));

    const expired = await new Browser().request(link);
    expect(expired.status).toBe(400);
    expect(expired.body).toContain('<h1>This link no longer works</h1>');
    for (const query of ['', '?token=abc', `?token=${'A'.repeat(43)}`]) {
      expect((await new Browser().request(`${idp.issuer}/password/reset${query}`)).status).toBe(400);
    }
    expect((await signIn(email)).tokens).toBeDefined();
  });
});

describe('after a reset', () => {
  it('the old password fails, the new one works, and every session of the account has ended', async () => {
    const { email, accountId, link } = await accountWithLink('sessions');
    const first = await signIn(email);
    const second = await signIn(email);
    const otherEmail = uniqueEmail('bystander');
    const otherId = await createTestAccount(database.db, otherEmail);
    const other = await signIn(otherEmail);
    await createPortalSession(database.db, idp.issuer, accountId);
    await createPortalSession(database.db, idp.issuer, accountId);
    await createPortalSession(database.db, idp.issuer, otherId);
    // The same subject at another issuer is someone else.
    await createPortalSession(database.db, 'https://login.example.test', accountId);
    expect(await providerEntriesOf(database.db, accountId)).toEqual(
      expect.arrayContaining(['Grant', 'RefreshToken', 'Session']),
    );

    expect((await submitNewPassword(link, NEW_PASSWORD)).answer.status).toBe(200);

    expect(await providerEntriesOf(database.db, accountId)).toEqual([]);
    expect(await portalSessionsOf(database.db, idp.issuer, accountId)).toBe(0);
    expect(await portalSessionsOf(database.db, 'https://login.example.test', accountId)).toBe(1);
    for (const { tokens } of [first, second]) {
      expect((await portal.refresh(tokens?.refresh_token ?? '')).status).toBe(400);
    }
    // The browser's provider session is gone too: a silent sign-in needs a login.
    const silent = await portal.startSignIn({ prompt: 'none' }, first.started.browser);
    expect(silent.page.location?.searchParams.get('error')).toBe('login_required');

    expect((await portal.refresh(other.tokens?.refresh_token ?? '')).status).toBe(200);
    expect(await portalSessionsOf(database.db, idp.issuer, otherId)).toBe(1);
    expect(await providerEntriesOf(database.db, otherId)).toContain('Session');

    expect((await signIn(email)).answer.body).toContain(WRONG_CREDENTIALS);
    expect((await signIn(email, NEW_PASSWORD)).tokens).toBeDefined();
  });
});

describe('access tokens for the API', () => {
  it('carry the account’s e-mail, also when refreshed', async () => {
    const email = uniqueEmail('claims');
    const accountId = await createTestAccount(database.db, email);
    const { tokens } = await signIn(email);

    const access = await portal.verifyAccessToken(tokens?.access_token ?? '');
    expect(access).toMatchObject({ sub: accountId, email });
    const refreshed = (await (await portal.refresh(tokens?.refresh_token ?? '')).json()) as TokenResponse;
    expect((await portal.verifyAccessToken(refreshed.access_token)).email).toBe(email);
  });

  it('say whether the e-mail is verified (email_verified), which a new client record needs', async () => {
    const unverified = uniqueEmail('unverified');
    await createTestAccount(database.db, unverified);
    const first = await signIn(unverified);
    expect(await portal.verifyAccessToken(first.tokens?.access_token ?? '')).toMatchObject({
      email: unverified,
      email_verified: false,
    });

    const verified = uniqueEmail('verified');
    await createTestAccount(database.db, verified);
    await database.db.update(idpAccounts).set({ emailVerified: true }).where(eq(idpAccounts.email, verified));
    const second = await signIn(verified);
    expect(await portal.verifyAccessToken(second.tokens?.access_token ?? '')).toMatchObject({
      email: verified,
      email_verified: true,
    });
  });
});
