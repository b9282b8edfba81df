import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeInText } from '@vet/email/branded-email';
import { idpAccounts, idpEmailChanges } from '@vet/db/schema/identity';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { CHANGE_EMAIL_CODE_PATH, CHANGE_EMAIL_PATH } from './email-change/paths.ts';
import { SAME_EMAIL, START_AGAIN } from './email-change/pages.ts';
import { WRONG_CREDENTIALS } from './interactions/sign-in.ts';
import { TOO_MANY_ATTEMPTS } from './throttling/sign-in-throttle.ts';
import { WRONG_CODE } from './interactions/sign-up.ts';
import { Browser, hiddenValue, type BrowserResponse } from './testing/browser.ts';
import {
  createPortalSession,
  emailsTo,
  portalSessionsOf,
  providerEntriesOf,
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

const escaped = (text: string) => text.replaceAll('"', '&quot;');

async function signIn(email: string, password = GOOD_PASSWORD) {
  const started = await portal.startSignIn();
  const answer = await portal.submit(started, 'login', { email, password });
  if (!answer.location) return { answer, tokens: undefined };
  const response = await portal.exchangeCode(started, portal.codeFrom(started, answer));
  return { answer, tokens: (await response.json()) as TokenResponse };
}

/** Opens "Change your sign-in e-mail" and sends the form, as a person would. */
async function requestChange(
  fields: { email: string; password?: string; newEmail: string },
  browser = new Browser(),
): Promise<BrowserResponse> {
  const page = await browser.request(`${idp.issuer}${CHANGE_EMAIL_PATH}`);
  return browser.request(`${idp.issuer}${CHANGE_EMAIL_PATH}`, {
    csrf: hiddenValue(page.body, 'csrf'),
    email: fields.email,
    password: fields.password ?? GOOD_PASSWORD,
    'new-email': fields.newEmail,
  });
}

/** Sends the code on the code page `page`. */
function enterCode(browser: Browser, page: BrowserResponse, code: string): Promise<BrowserResponse> {
  return browser.request(`${idp.issuer}${CHANGE_EMAIL_CODE_PATH}`, {
    csrf: hiddenValue(page.body, 'csrf'),
    change: hiddenValue(page.body, 'change'),
    'new-email': hiddenValue(page.body, 'new-email'),
    code,
  });
}

async function codeSentTo(address: string): Promise<string> {
  const code = codeInText((await emailsTo(database.db, address)).at(-1)?.text ?? '');
  if (!code) throw new Error('no code in the e-mail');
  return code;
}

async function addressOf(accountId: string): Promise<string | undefined> {
  const [row] = await database.db
    .select({ email: idpAccounts.email })
    .from(idpAccounts)
    .where(eq(idpAccounts.id, accountId));
  return row?.email;
}

/** A code that is not the one sent (six digits all the same, never the sent one). */
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

describe('changing the sign-in e-mail', () => {
  it('changes only with the code sent to the new address, tells the old one, ends every session', async () => {
    const email = uniqueEmail('change-old');
    const newEmail = uniqueEmail('change-new');
    const accountId = await createTestAccount(database.db, email);
    const first = await signIn(email);
    const otherEmail = uniqueEmail('change-bystander');
    const otherId = await createTestAccount(database.db, otherEmail);
    const other = await signIn(otherEmail);
    await createPortalSession(database.db, idp.issuer, accountId);
    await createPortalSession(database.db, idp.issuer, accountId);
    await createPortalSession(database.db, idp.issuer, otherId);
    expect(await providerEntriesOf(database.db, accountId)).toEqual(
      expect.arrayContaining(['Grant', 'RefreshToken', 'Session']),
    );

    const browser = new Browser();
    const codePage = await requestChange({ email, newEmail: newEmail.toUpperCase() }, browser);
    expect(codePage.status).toBe(200);
    expect(codePage.body).toContain('<h1>Check your new e-mail</h1>');
    expect(codePage.body).toContain(`<strong>${newEmail}</strong>`);
    const code = await codeSentTo(newEmail);
    // Nothing has changed yet: the old address still signs in, and no notice went out.
    expect(await addressOf(accountId)).toBe(email);
    expect(await emailsTo(database.db, email)).toEqual([]);

    const wrong = await enterCode(browser, codePage, otherThan(code));
    expect(wrong.body).toContain(WRONG_CODE);
    expect(await addressOf(accountId)).toBe(email);

    const done = await enterCode(browser, wrong, code);
    expect(done.status).toBe(200);
    expect(done.body).toContain('<h1>Your sign-in e-mail has been changed</h1>');
    expect(done.body).toContain(`href="${idp.config.portalUrl}/signin"`);
    expect(await addressOf(accountId)).toBe(newEmail);

    const [notice] = await emailsTo(database.db, email);
    expect(notice?.subject).toBe('Your Harbour Vets sign-in e-mail address has changed');
    expect(notice?.text).toContain(newEmail);

    // Every session of the account ended, here and in the portal; the bystander's did not.
    expect(await providerEntriesOf(database.db, accountId)).toEqual([]);
    expect(await portalSessionsOf(database.db, idp.issuer, accountId)).toBe(0);
    expect((await portal.refresh(first.tokens?.refresh_token ?? '')).status).toBe(400);
    expect((await portal.refresh(other.tokens?.refresh_token ?? '')).status).toBe(200);
    expect(await portalSessionsOf(database.db, idp.issuer, otherId)).toBe(1);

    // The new address signs in (the same account), the old one no longer does; the code is spent.
    expect((await signIn(email)).answer.body).toContain(escaped(WRONG_CREDENTIALS));
    const again = await signIn(newEmail);
    expect(again.tokens).toBeDefined();
    expect((await enterCode(browser, codePage, code)).body).toContain(escaped(START_AGAIN));
  });

  it('asks for the current address and password, as sign-in does', async () => {
    const email = uniqueEmail('change-creds');
    const newEmail = uniqueEmail('change-creds-new');
    const accountId = await createTestAccount(database.db, email);

    const wrongPassword = await requestChange({ email, password: 'Not-The-Password-1', newEmail });
    expect(wrongPassword.body).toContain(escaped(WRONG_CREDENTIALS));
    const unknown = await requestChange({ email: uniqueEmail('nobody'), newEmail });
    expect(unknown.body).toContain(escaped(WRONG_CREDENTIALS));
    const same = await requestChange({ email, newEmail: email.toUpperCase() });
    expect(same.body).toContain(SAME_EMAIL);
    const empty = await requestChange({ email: '', password: '', newEmail: 'not-an-address' });
    expect(empty.body).toContain('Enter your current e-mail address');
    expect(empty.body).toContain('Enter your password');
    expect(empty.body).toContain('Enter an e-mail address in the right format');

    expect(await emailsTo(database.db, newEmail)).toEqual([]);
    expect(await addressOf(accountId)).toBe(email);
  });

  it('refuses a form without its cookie’s CSRF token', async () => {
    const email = uniqueEmail('change-csrf');
    await createTestAccount(database.db, email);
    const answer = await new Browser().request(`${idp.issuer}${CHANGE_EMAIL_PATH}`, {
      csrf: 'forged',
      email,
      password: GOOD_PASSWORD,
      'new-email': uniqueEmail('change-csrf-new'),
    });
    expect(answer.status).toBe(403);
    expect(answer.body).not.toContain('Check your new e-mail');
    expect(await emailsTo(database.db, email)).toEqual([]);
  });

  it('refuses an address another account uses without saying so: the same page, no code', async () => {
    const email = uniqueEmail('change-taker');
    const accountId = await createTestAccount(database.db, email);
    const takenEmail = uniqueEmail('change-taken');
    await createTestAccount(database.db, takenEmail);
    const freeEmail = uniqueEmail('change-free');

    const taken = await requestChange({ email, newEmail: takenEmail });
    const free = await requestChange({ email, newEmail: freeEmail });

    // The two pages differ only in the address, the change's id and the form's token.
    const normalise = (page: BrowserResponse, address: string) =>
      page.body
        .replaceAll(address, 'ADDRESS')
        .replace(/name="(csrf|change)" value="[^"]*"/g, 'name="$1" value=""');
    expect(taken.status).toBe(free.status);
    expect(normalise(taken, takenEmail)).toBe(normalise(free, freeEmail));

    // The taken address's owner is told someone tried; no code went there, so no code can change it.
    const [note] = await emailsTo(database.db, takenEmail);
    expect(note?.subject).toBe('Someone tried to use your address for another Harbour Vets account');
    expect(codeInText(note?.text ?? '')).toBeNull();
    const [pending] = await database.db
      .select({ codeHash: idpEmailChanges.codeHash })
      .from(idpEmailChanges)
      .where(eq(idpEmailChanges.newEmail, takenEmail));
    expect(pending?.codeHash).toBe('not-sent');
    const browser = new Browser();
    const page = await requestChange({ email, newEmail: takenEmail }, browser);
    for (const code of ['000000', '123456'])
      expect((await enterCode(browser, page, code)).body).toContain(WRONG_CODE);
    expect(await addressOf(accountId)).toBe(email);
  });

  it('refuses an expired code, and a code after too many wrong tries', async () => {
    const email = uniqueEmail('change-expiry');
    const accountId = await createTestAccount(database.db, email);
    const newEmail = uniqueEmail('change-expiry-new');
    const browser = new Browser();
    const page = await requestChange({ email, newEmail }, browser);
    const code = await codeSentTo(newEmail);
    await database.db
      .update(idpEmailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idpEmailChanges.id, hiddenValue(page.body, 'change')));
    expect((await enterCode(browser, page, code)).body).toContain(escaped(START_AGAIN));
    expect(await addressOf(accountId)).toBe(email);

    const retry = await requestChange({ email, newEmail }, browser);
    const retryCode = await codeSentTo(newEmail);
    let last = retry;
    for (let attempt = 0; attempt < 5; attempt++)
      last = await enterCode(browser, retry, otherThan(retryCode));
    expect(last.body).toContain(escaped(START_AGAIN));
    expect((await enterCode(browser, retry, retryCode)).body).toContain(escaped(START_AGAIN));
    expect(await addressOf(accountId)).toBe(email);
  });

  it('limits requests per client address, whatever the addresses (429)', async () => {
    const limited = await startTestIdp(database.db, database.url, {
      emailChangeRequestsPolicy: { limit: 2, windowMs: 60_000 },
    });
    try {
      const email = uniqueEmail('change-limit');
      await createTestAccount(database.db, email);
      const ask = async (newEmail: string) => {
        const browser = new Browser();
        const page = await browser.request(`${limited.issuer}${CHANGE_EMAIL_PATH}`);
        return browser.request(`${limited.issuer}${CHANGE_EMAIL_PATH}`, {
          csrf: hiddenValue(page.body, 'csrf'),
          email,
          password: GOOD_PASSWORD,
          'new-email': newEmail,
        });
      };
      expect((await ask(uniqueEmail('change-limit-1'))).status).toBe(200);
      expect((await ask(uniqueEmail('change-limit-2'))).status).toBe(200);
      const refused = await ask(uniqueEmail('change-limit-3'));
      expect(refused.status).toBe(429);
      expect(refused.body).toContain(TOO_MANY_ATTEMPTS);
    } finally {
      await limited.close();
    }
  });
});
