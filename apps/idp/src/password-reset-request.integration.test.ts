import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idpPasswordResets } from '@vet/db/schema/identity';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { FORGOT_PASSWORD_MIN_MS } from './password-reset/pages.ts';
import { Browser, hiddenValue } from './testing/browser.ts';
import { emailsTo, requestReset, resetLinkIn } from './testing/password-reset.ts';
import { PortalClient } from './testing/portal-client.ts';
import { createTestAccount, uniqueEmail } from './testing/test-accounts.ts';
import { startTestIdp, type TestIdp } from './testing/test-idp.ts';
import { escapeHtml } from './views/layout.ts';
import { RESET_LINK_SENT } from './views/password-reset-pages.ts';

const database = useTestDatabase();
let idp: TestIdp;

beforeAll(async () => {
  idp = await startTestIdp(database.db, database.url);
});
afterAll(() => idp.close());

const resetsOf = (accountId: string) =>
  database.db.select().from(idpPasswordResets).where(eq(idpPasswordResets.accountId, accountId));

describe('"Forgot your password?"', () => {
  it('is linked from the sign-in page, and "Back to sign in" returns to that sign-in', async () => {
    const started = await new PortalClient(idp).startSignIn();
    const uid = /\/interaction\/([\w-]+)/.exec(started.page.url.pathname)?.[1] ?? '';
    const href = `/password/forgot?interaction=${uid}`;
    expect(started.page.body).toContain(`<a href="${escapeHtml(href)}">Forgot your password?</a>`);

    const page = await started.browser.request(new URL(href, idp.issuer));
    expect(page.status).toBe(200);
    expect(page.body).toContain('<h1>Reset your password</h1>');
    expect(page.body).toContain('<label for="email">E-mail address</label>');
    expect(page.body).toContain(`<a href="/interaction/${uid}/login">Back to sign in</a>`);
  });

  it('answers a known and an unknown address alike, and e-mails only the account, with a hashed token', async () => {
    const email = uniqueEmail('forgot');
    const accountId = await createTestAccount(database.db, email);
    const unknown = uniqueEmail('nobody');

    const started = performance.now();
    const known = await requestReset(idp.issuer, ` ${email.toUpperCase()} `);
    const tookKnown = performance.now() - started;
    const other = await requestReset(idp.issuer, unknown);
    const tookUnknown = performance.now() - started - tookKnown;

    expect([known.status, other.status]).toEqual([200, 200]);
    expect(known.body).toBe(other.body);
    expect(known.body).toContain(RESET_LINK_SENT);
    expect(Math.min(tookKnown, tookUnknown)).toBeGreaterThanOrEqual(FORGOT_PASSWORD_MIN_MS - 5);

    expect(await emailsTo(database.db, unknown)).toEqual([]);
    const [sent, ...more] = await emailsTo(database.db, email);
    expect(more).toEqual([]);
    const link = resetLinkIn(idp.issuer, sent?.text ?? '');
    expect(sent?.html).toContain(escapeHtml(link.href));
    const token = link.searchParams.get('token') ?? '';
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const [reset] = await resetsOf(accountId);
    expect(reset?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(reset)).not.toContain(token);
    const lifetime = (reset?.expiresAt.getTime() ?? 0) - (reset?.createdAt.getTime() ?? 0);
    expect(lifetime).toBe(60 * 60_000);
    expect(reset?.usedAt).toBeNull();
  });

  it('keeps only the newest link working, and sends an account at most 3 an hour, answering the same', async () => {
    const email = uniqueEmail('repeat');
    const accountId = await createTestAccount(database.db, email);

    const answers = [];
    for (let attempt = 0; attempt < 4; attempt += 1) answers.push(await requestReset(idp.issuer, email));

    expect(new Set(answers.map((a) => `${a.status} ${a.body}`)).size).toBe(1);
    const sent = await emailsTo(database.db, email);
    expect(sent).toHaveLength(3);
    expect(await resetsOf(accountId)).toHaveLength(3);
    const [first, , last] = sent.map((e) => resetLinkIn(idp.issuer, e.text));
    const browser = new Browser();
    expect((await browser.request(first ?? '')).body).toContain('<h1>This link no longer works</h1>');
    expect((await browser.request(last ?? '')).body).toContain('<h1>Choose a new password</h1>');
  });

  it('checks the address is one, and shows the problem on the form', async () => {
    const answer = await requestReset(idp.issuer, 'not-an-address');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<title>Error: Harbour Vets – Reset your password</title>');
    expect(answer.body).toContain('role="alert"');
    expect(answer.body).toMatch(/id="email"[^>]*aria-describedby="email-error"/);
    expect(answer.body).toContain('value="not-an-address"');
  });

  it('refuses a form without the browser’s own CSRF token', async () => {
    const email = uniqueEmail('csrf');
    await createTestAccount(database.db, email);
    const page = await new Browser().request(`${idp.issuer}/password/forgot`);
    // Another browser (no form cookie), posting a token it copied from someone else's page.
    const answer = await new Browser().request(`${idp.issuer}/password/forgot`, {
      csrf: hiddenValue(page.body, 'csrf'),
      email,
    });
    expect(answer.status).toBe(403);
    expect(await emailsTo(database.db, email)).toEqual([]);
  });

  it('limits requests per client address, whatever the addresses asked for', async () => {
    const limited = await startTestIdp(database.db, database.url, {
      resetRequestsPolicy: { limit: 2, windowMs: 60_000 },
    });
    try {
      const email = uniqueEmail('limited');
      await createTestAccount(database.db, email);
      await requestReset(limited.issuer, uniqueEmail('one'));
      await requestReset(limited.issuer, uniqueEmail('two'));
      const blocked = await requestReset(limited.issuer, email);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toContain('Too many attempts');
      expect(await emailsTo(database.db, email)).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});
