import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD_HELPER_TEXT } from '@vet/contracts/password-policy';
import { idpSignUps } from '@vet/db/schema/identity';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { CODE_NO_LONGER_WORKS, WRONG_CODE } from './interactions/sign-up.ts';
import { MAX_CODE_ATTEMPTS, MAX_SIGN_UP_EMAILS_PER_HOUR, newSignUpCode } from './sign-up/sign-up-code.ts';
import { hiddenValue, type BrowserResponse } from './testing/browser.ts';
import { emailsTo } from './testing/password-reset.ts';
import { PortalClient, type TokenResponse } from './testing/portal-client.ts';
import { newestCodeTo, signUpFields, signUpWithCode } from './testing/sign-up.ts';
import { accountByEmail, createTestAccount, GOOD_PASSWORD, uniqueEmail } from './testing/test-accounts.ts';
import { startTestIdp, type TestIdp } from './testing/test-idp.ts';
import { escapeHtml } from './views/layout.ts';

// The real codes, unless a test says which code the provider draws next (it never sees an unsent one).
vi.mock('./sign-up/sign-up-code.ts', async (importOriginal) => {
  const real = await importOriginal<{ newSignUpCode: () => string }>();
  return { ...real, newSignUpCode: vi.fn(real.newSignUpCode) };
});

const database = useTestDatabase();
let idp: TestIdp;
let portal: PortalClient;

beforeAll(async () => {
  idp = await startTestIdp(database.db, database.url);
  portal = new PortalClient(idp);
});
afterAll(() => idp.close());

/** A page with what differs between any two sign-ups blanked out: the interaction's id and CSRF token. */
function withoutInteraction(page: BrowserResponse, email: string): string {
  const uid = page.url.pathname.split('/')[2] ?? '';
  return page.body
    .replaceAll(hiddenValue(page.body, 'csrf'), 'CSRF')
    .replaceAll(uid, 'UID')
    .replaceAll(escapeHtml(email), 'EMAIL');
}

async function signUpsOf(interactionUid: string) {
  return database.db.select().from(idpSignUps).where(eq(idpSignUps.interactionUid, interactionUid));
}

const uidOf = (page: BrowserResponse) => page.url.pathname.split('/')[2] ?? '';

describe('sign-up (screen_hint=signup)', () => {
  it('e-mails a code, and the code creates the account, signs in and returns tokens the API accepts', async () => {
    const started = await portal.startSignIn({ providerId: 'auth0', screenHint: 'signup' });
    expect(started.page.status).toBe(200);
    expect(started.page.body).toContain('<h1>Create an account</h1>');
    expect(started.page.body).toContain(escapeHtml(PASSWORD_HELPER_TEXT));
    const email = uniqueEmail('signup');

    const checkEmail = await portal.submit(started, 'signup', signUpFields(`  ${email.toUpperCase()} `));
    expect(checkEmail.status).toBe(200);
    expect(checkEmail.body).toContain('<h1>Check your e-mail</h1>');
    expect(checkEmail.body).toMatch(
      /<label for="code">Code from the e-mail<\/label>\s*<input id="code" name="code" type="text" autocomplete="one-time-code" inputmode="numeric"/,
    );
    expect(await accountByEmail(database.db, email)).toBeUndefined();

    const [message] = await emailsTo(database.db, email);
    expect(message?.subject).toBe('Your Harbour Vets sign-up code');
    // Every e-mail of the portal ends with the way to complain (decision 0143), the provider's too.
    expect(message?.text).toContain(`${idp.config.portalUrl}/complaints`);
    const code = await newestCodeTo(database.db, email);
    expect(code).toMatch(/^\d{6}$/);
    // Only a keyed hash of the code is kept.
    const [pending] = await signUpsOf(uidOf(checkEmail));
    expect(pending?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(pending)).not.toContain(`"${code}"`);

    const answer = await portal.submit({ ...started, page: checkEmail }, 'code', { code: code ?? '' });
    const tokens = (await (
      await portal.exchangeCode(started, portal.codeFrom(started, answer))
    ).json()) as TokenResponse;

    const account = await accountByEmail(database.db, email);
    expect(account?.passwordHash).toMatch(/^scrypt\$131072\$/);
    expect(account?.emailVerified).toBe(true);
    const access = await portal.verifyAccessToken(tokens.access_token);
    expect(access.sub).toBe(account?.id);
    expect(access.aud).toBe(idp.config.apiAudience);
    const id = await portal.verifyIdToken(tokens.id_token ?? '');
    expect(id).toMatchObject({ sub: account?.id, email, email_verified: true });
    expect(tokens.refresh_token).toBeTruthy();
    expect((await signUpsOf(uidOf(checkEmail)))[0]?.usedAt).toBeInstanceOf(Date);
  });

  it('answers an address that already has an account exactly like a new one, and e-mails its owner instead', async () => {
    const taken = uniqueEmail('taken');
    const accountId = await createTestAccount(database.db, taken);
    const before = await accountByEmail(database.db, taken);
    const fresh = uniqueEmail('fresh');

    const startedTaken = await portal.startSignIn({ screenHint: 'signup' });
    const startedNew = await portal.startSignIn({ screenHint: 'signup' });
    const takenAnswer = await portal.submit(startedTaken, 'signup', signUpFields(taken.toUpperCase()));
    const newAnswer = await portal.submit(startedNew, 'signup', signUpFields(fresh));

    expect(takenAnswer.status).toBe(newAnswer.status);
    expect(withoutInteraction(takenAnswer, taken.toUpperCase())).toBe(withoutInteraction(newAnswer, fresh));

    const [note] = await emailsTo(database.db, taken);
    expect(note?.subject).toContain('Someone tried to create');
    expect(note?.text).toContain('Forgot your password?');
    expect(note?.text).toContain(`Sign in: ${idp.config.portalUrl}/signin`);
    expect(note?.text).toContain(`${idp.config.portalUrl}/complaints`);
    expect(await newestCodeTo(database.db, taken)).toBeUndefined();

    // A code typed there fails exactly like a wrong code for a new address, and changes nothing.
    const takenTry = await portal.submit({ ...startedTaken, page: takenAnswer }, 'code', { code: '123456' });
    const newCode = await newestCodeTo(database.db, fresh);
    const wrongCode = newCode === '654321' ? '654322' : '654321';
    const newTry = await portal.submit({ ...startedNew, page: newAnswer }, 'code', { code: wrongCode });
    for (const attempt of [takenTry, newTry]) {
      expect(attempt.status).toBe(200);
      expect(attempt.location).toBeUndefined();
      expect(attempt.body).toContain(escapeHtml(WRONG_CODE));
    }
    expect(withoutInteraction(takenTry, taken.toUpperCase())).toBe(withoutInteraction(newTry, fresh));
    expect(await accountByEmail(database.db, taken)).toEqual(before);
    expect(before?.id).toBe(accountId);
  });

  it('hashes the password for a taken address too, so the answer takes about as long', async () => {
    const taken = uniqueEmail('timing-taken');
    await createTestAccount(database.db, taken);
    const time = async (email: string) => {
      const started = await portal.startSignIn({ screenHint: 'signup' });
      const from = performance.now();
      await portal.submit(started, 'signup', signUpFields(email));
      return performance.now() - from;
    };
    await time(uniqueEmail('warm-up'));
    const [newTime, takenTime] = [await time(uniqueEmail('timing-new')), await time(taken)];
    // A scrypt hash at the current cost dominates both: without it a taken address would answer in a
    // tenth of the time. The margin is wide, for a busy CI machine.
    expect(takenTime).toBeGreaterThan(newTime * 0.3);
  });

  it(`stops a code after ${MAX_CODE_ATTEMPTS} wrong tries, and when it has expired`, async () => {
    const email = uniqueEmail('tries');
    const started = await portal.startSignIn({ screenHint: 'signup' });
    const checkEmail = await portal.submit(started, 'signup', signUpFields(email));
    const code = (await newestCodeTo(database.db, email)) ?? '';
    const wrong = code === '000000' ? '000001' : '000000';
    const page = { ...started, page: checkEmail };
    for (let attempt = 1; attempt < MAX_CODE_ATTEMPTS; attempt += 1) {
      expect((await portal.submit(page, 'code', { code: wrong })).body).toContain(escapeHtml(WRONG_CODE));
    }
    expect((await portal.submit(page, 'code', { code: wrong })).body).toContain(
      escapeHtml(CODE_NO_LONGER_WORKS),
    );
    const right = await portal.submit(page, 'code', { code });
    expect(right.body).toContain(escapeHtml(CODE_NO_LONGER_WORKS));
    expect(await accountByEmail(database.db, email)).toBeUndefined();

    // A new "Create account" sends a new code; once expired, that one stops working too.
    const again = await portal.submit(started, 'signup', signUpFields(email));
    await database.db
      .update(idpSignUps)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(idpSignUps.interactionUid, uidOf(again)));
    const late = await portal.submit({ ...started, page: again }, 'code', {
      code: (await newestCodeTo(database.db, email)) ?? '',
    });
    expect(late.body).toContain(escapeHtml(CODE_NO_LONGER_WORKS));
    expect(await accountByEmail(database.db, email)).toBeUndefined();
  });

  it('only the newest code of a sign-in works, once', async () => {
    const email = uniqueEmail('newest');
    const started = await portal.startSignIn({ screenHint: 'signup' });
    await portal.submit(started, 'signup', signUpFields(email));
    const first = (await newestCodeTo(database.db, email)) ?? '';
    const { answer } = await signUpWithCode(portal, database.db, started, email);
    expect(portal.codeFrom(started, answer)).toBeTruthy();
    const rows = await signUpsOf(uidOf(started.page));
    expect(rows.filter((row) => row.usedAt)).toHaveLength(1);
    const second = (await newestCodeTo(database.db, email)) ?? '';
    if (first !== second) {
      // The first code ended when the second was sent.
      const older = rows.find((row) => !row.usedAt);
      expect(older?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it(`e-mails one address at most ${MAX_SIGN_UP_EMAILS_PER_HOUR} times an hour, answering the same`, async () => {
    const email = uniqueEmail('flood');
    const answers: BrowserResponse[] = [];
    for (let press = 0; press <= MAX_SIGN_UP_EMAILS_PER_HOUR; press += 1) {
      const started = await portal.startSignIn({ screenHint: 'signup' });
      answers.push(await portal.submit(started, 'signup', signUpFields(email)));
    }
    expect(new Set(answers.map((answer) => withoutInteraction(answer, email))).size).toBe(1);
    expect(await emailsTo(database.db, email)).toHaveLength(MAX_SIGN_UP_EMAILS_PER_HOUR);
  });

  it('stores no code it did not send: past the limit, or for a taken address, no code creates the account', async () => {
    const email = uniqueEmail('unsent');
    for (let press = 0; press < MAX_SIGN_UP_EMAILS_PER_HOUR; press += 1) {
      await portal.submit(await portal.startSignIn({ screenHint: 'signup' }), 'signup', signUpFields(email));
    }
    // One press over the limit: the code drawn for it is never e-mailed, so only a guess could find it.
    vi.mocked(newSignUpCode).mockReturnValueOnce('246802');
    const started = await portal.startSignIn({ screenHint: 'signup' });
    const checkEmail = await portal.submit(started, 'signup', signUpFields(email));
    expect(checkEmail.body).toContain('<h1>Check your e-mail</h1>');
    expect(await emailsTo(database.db, email)).toHaveLength(MAX_SIGN_UP_EMAILS_PER_HOUR);

    const guess = await portal.submit({ ...started, page: checkEmail }, 'code', { code: '246802' });
    expect(guess.status).toBe(200);
    expect(guess.location).toBeUndefined();
    expect(guess.body).toContain(escapeHtml(WRONG_CODE));
    expect(await accountByEmail(database.db, email)).toBeUndefined();

    // An address with an account is e-mailed a note without a code: none is kept for it either.
    const taken = uniqueEmail('unsent-taken');
    await createTestAccount(database.db, taken);
    const takenAnswer = await portal.submit(
      await portal.startSignIn({ screenHint: 'signup' }),
      'signup',
      signUpFields(taken),
    );
    for (const row of [...(await signUpsOf(uidOf(checkEmail))), ...(await signUpsOf(uidOf(takenAnswer)))]) {
      expect(row.codeHash).not.toMatch(/^[0-9a-f]{64}$/);
    }
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
    expect(await emailsTo(database.db, email)).toEqual([]);
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

  it('asks for the six digits when the code is missing or malformed, on a labelled field', async () => {
    const started = await portal.startSignIn({ screenHint: 'signup' });
    const checkEmail = await portal.submit(started, 'signup', signUpFields(uniqueEmail('format')));
    const answer = await portal.submit({ ...started, page: checkEmail }, 'code', { code: '12ab' });
    expect(answer.body).toContain('role="alert"');
    expect(answer.body).toContain('href="#code">Enter the 6-digit code from the e-mail</a>');
    expect(answer.body).toContain('aria-describedby="code-error"');
    expect(answer.body).toContain('aria-invalid="true"');
  });
});
