import { connectDatabase } from '@vet/db/connection';
import { practices } from '@vet/db/schema/practices';
import { createClient, createInvitation } from '@vet/db/testing/factories';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import {
  acceptCookies,
  createAccountOnProvider,
  findRecord,
  freshEmail,
  signUpToFindYourRecord,
} from './support/onboarding.ts';
import { desktop } from './support/shell.ts';
import { onPortal } from './support/sign-in.ts';

/**
 * Where my link stands (R2.34, decision 0077): a signed-in newcomer who is not linked yet lands
 * on a page that says which stage they are at and the one next step, at each stage: no check made, a code
 * sent (to a masked address, at a time, with a new code when allowed), an invitation expected, the
 * practice must help (its phone a tap-to-call link). Records of their own are written straight to the
 * e2e database, so no other journey's demo client is linked or spent here.
 */

const clapham = 'Willowbrook Vets Clapham';
/** The narrow phone of the WCAG checks. */
const phone390 = { width: 390, height: 844 };
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

async function withDatabase<T>(
  work: (database: ReturnType<typeof connectDatabase>) => Promise<T>,
): Promise<T> {
  const database = connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** An unlinked client record of Clapham, at SW4 0LN, with this e-mail on file. */
function claphamRecord(lastName: string, email: string) {
  return withDatabase(async ({ db }) => {
    const [clinic] = await db.select({ id: practices.id }).from(practices).where(eq(practices.name, clapham));
    if (!clinic) throw new Error('the demo seed has no Clapham practice');
    const client = await createClient(db, {
      homePracticeId: clinic.id,
      firstName: 'Jo',
      lastName,
      email,
      postcode: 'SW4 0LN',
    });
    return { client, practiceId: clinic.id };
  });
}

/** As if the record's code had gone out 40 minutes ago: it has stopped working, and a new one may go. */
function codeSentFortyMinutesAgo(clientId: number) {
  return withDatabase(({ pool }) =>
    pool.query(
      `update verification_codes set last_sent_at = last_sent_at - interval '40 minutes',
         created_at = created_at - interval '40 minutes', expires_at = now() - interval '10 minutes'
       where client_id = $1`,
      [clientId],
    ),
  );
}

async function checkBothWidths(page: Page, name: string) {
  await page.setViewportSize(phone390);
  await page.screenshot({ path: `/tmp/shots/link-stage-${name}-390.png`, fullPage: true });
  await expectNoAxeViolations(page);
  await page.setViewportSize(desktop);
  await page.screenshot({ path: `/tmp/shots/link-stage-${name}-1440.png`, fullPage: true });
  await expectNoAxeViolations(page);
}

/** The portal's front door: the activation guard sends an unlinked person to where they stand. */
async function openThePortal(page: Page, path: string) {
  await page.goto('/');
  await page.waitForURL(onPortal(path), { timeout: 20_000 });
}

describe('where my link stands', () => {
  const { newPage } = useBrowser();

  it('a code sent: the masked address and time; once it stops working, a new code from the stage page', async () => {
    const email = freshEmail('jo.stage');
    const lastName = `Stageley${Date.now()}`;
    const { client } = await claphamRecord(lastName, email);
    const page = await newPage();
    await signUpToFindYourRecord(page);
    await findRecord(page, { practice: clapham, lastName, postcode: 'SW4 0LN', email });

    // A live code: the code entry says where it went and when.
    await page.waitForURL(onPortal('/verified'), { timeout: 15_000 });
    await page.getByText(/^We e-mailed a 6-digit code to j•••@e•••\.com at \d\d:\d\d\./).waitFor();
    await openThePortal(page, '/verified');

    // Forty minutes on: the guard sends them to /client-routing, which says where the code went.
    await codeSentFortyMinutesAgo(client.id);
    await openThePortal(page, '/client-routing');
    await heading(page, 'Your code has stopped working').waitFor();
    expect(await page.getByText(/^We sent a 6-digit code to/).innerText()).toMatch(
      /^We sent a 6-digit code to j•••@e•••\.com at \d\d:\d\d\. A code works for 30 minutes/,
    );
    await page.getByRole('heading', { level: 3, name: 'Your next step' }).waitFor();
    await checkBothWidths(page, 'code-expired');

    await page.getByRole('button', { name: 'Send a new code' }).click();
    await page.waitForURL(onPortal('/verified'), { timeout: 15_000 });
    await page.getByLabel('6-digit code').waitFor();
  });

  it('no check made yet, then the practice must help: its phone to tap; then, told an invitation is coming, that is the stage', async () => {
    const page = await newPage();
    await signUpToFindYourRecord(page);
    // No check made yet: the front door's one next step is "Find your record".
    await openThePortal(page, '/registration');
    await page.getByRole('button', { name: 'Find my record' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Find your record');

    // Two records share these details at Islington (the demo seed): the check says ContactPractice.
    await findRecord(page, {
      practice: 'Willowbrook Vets Islington',
      lastName: 'Patel',
      postcode: 'N1 2UQ',
      email: 'anita.patel@example.net',
    });
    await heading(page, 'Please contact your practice').waitFor();

    await openThePortal(page, '/client-routing');
    await heading(page, 'Your practice needs to help').waitFor();
    expect(await page.getByText(/^Please call Willowbrook Vets Islington on/).innerText()).toContain(
      '020 7946 0456',
    );
    expect(await page.getByRole('link', { name: '020 7946 0456' }).getAttribute('href')).toBe(
      'tel:02079460456',
    );
    await checkBothWidths(page, 'contact-practice');

    // With the keyboard, as some people use it.
    const waiting = page.getByRole('button', { name: 'My practice is sending an invitation' });
    await waiting.focus();
    await page.keyboard.press('Enter');
    await heading(page, "Waiting for your practice's invitation").waitFor();
    await page
      .getByText(/^You are waiting for Willowbrook Vets Islington to e-mail you an invitation\./)
      .waitFor();

    // It stays the stage: the front door comes back here.
    await openThePortal(page, '/client-routing');
    await heading(page, "Waiting for your practice's invitation").waitFor();
    await checkBothWidths(page, 'waiting-for-invitation');
  });

  it("an invitation expected: a practice invited the newcomer's address before they signed up", async () => {
    const email = freshEmail('jo.invited');
    const { client, practiceId } = await claphamRecord(`Invitee${Date.now()}`, email);
    await withDatabase(({ db }) => createInvitation(db, { clientId: client.id, practiceId }));

    const page = await newPage();
    await page.goto('/signup');
    await createAccountOnProvider(page, email);
    await page.waitForURL(onPortal('/client-routing'), { timeout: 20_000 });
    await acceptCookies(page);
    await heading(page, 'Your practice has invited you').waitFor();
    await page
      .getByText(/^Willowbrook Vets Clapham has e-mailed an invitation to the address you signed in with\./)
      .waitFor();
    expect(await page.getByRole('link', { name: '020 7946 0123' }).getAttribute('href')).toBe(
      'tel:02079460123',
    );
    expect(await page.getByRole('link', { name: 'find your record yourself' }).getAttribute('href')).toBe(
      '/registration',
    );
    await checkBothWidths(page, 'invited');
  });
});
