import { readFile } from 'node:fs/promises';
import { dataExportSchema } from '@vet/contracts/data-export';
import { connectDatabase } from '@vet/db/connection';
import { DEMO_ACCOUNT, type DemoAccount } from '@vet/db/seed/demo-accounts';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { desktop } from './support/shell.ts';
import { onPortal, onProvider, signIn, signInOnProvider } from './support/sign-in.ts';

/** Download my data (R2.37, decision 0079): read it on the page, save the file, read that. */

const phone = { width: 390, height: 844 };
const shots = '/tmp/shots-your-data';
// Tom: two pets and appointments booked by phone; nothing in this journey changes his record (other
// journeys add pets of their own to it).
const account = DEMO_ACCOUNT.bookingOff;

/**
 * Makes the account's portal sessions look signed in 20 minutes ago, as the web reads it: the session's
 * own time, with the ID token (whose auth_time would win) taken away.
 */
async function ageSignIn(who: DemoAccount): Promise<void> {
  const { pool, close } = connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
  try {
    await pool.query(
      "update web_sessions set id_token = null, authenticated_at = now() - interval '20 minutes' where identity_subject = $1",
      [who.id],
    );
  } finally {
    await close();
  }
}

describe('download my data', () => {
  const { newPage } = useBrowser();

  it('shows the data from Your details, and the file holds the same, never cached (1440 px); reads well at 390 px; asks for the password again after ten minutes', async () => {
    const page = await newPage(desktop);
    await signIn(page, account, '/client-detail');
    await page.getByRole('link', { name: 'Download your data' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your data' }).waitFor();

    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 2, name: 'Your details' }).waitFor();
    const details = await main.getByRole('region', { name: 'Your details' }).innerText();
    expect(details).toContain('Mr Tom Whitaker');
    expect(details).toContain('07700 100104');
    expect(details).toContain('Willowbrook Vets Bath');
    expect(await main.getByRole('heading', { level: 3, name: 'Maisie' }).count()).toBe(1);
    expect(await main.getByRole('heading', { level: 3, name: 'Dexter' }).count()).toBe(1);
    expect(await main.getByRole('region', { name: 'Your sign-in' }).innerText()).toContain(account.email);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/your-data-1440.png`, fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download your data (JSON file)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = dataExportSchema.parse(JSON.parse(await readFile(await download.path(), 'utf8')));
    expect(file.identity.email).toBe(account.email);
    expect(file.client?.profile).toMatchObject({ firstName: 'Tom', lastName: 'Whitaker', title: 'Mr' });
    // Other journeys register pets for Tom (pets-register, pet-edit): his seeded two are in the file.
    expect(file.client?.pets.map((pet) => pet.name)).toEqual(expect.arrayContaining(['Dexter', 'Maisie']));
    expect(file.client?.pets.find((pet) => pet.name === 'Maisie')).toMatchObject({
      insurer: 'Animal Friends',
      policyNumber: 'AF-88120453',
    });
    expect(file.client?.appointments.map((a) => a.reason)).toEqual(
      expect.arrayContaining(['General consultation', 'Nurse clinic', 'Vaccination']),
    );
    expect(file.client?.contactPreferences.confirmedAt).not.toBeNull();
    expect(file.sessions.length).toBeGreaterThanOrEqual(1);
    // The page's request and the download's: each recorded, each generated anew.
    expect(file.exportRequests.length).toBeGreaterThanOrEqual(2);
    const raw = await readFile(await download.path(), 'utf8');
    expect(raw).not.toMatch(/access_?token|refresh_?token|id_?token|token_?hash/i);

    // Straight from the proxy: the answer says not to keep it.
    const response = await page.request.get('/bff/client/data-export');
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('no-store');

    // It reads well on a phone (390 px), loaded afresh there.
    await page.setViewportSize(phone);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Your data' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Appointments' }).waitFor();
    await expectNoAxeViolations(page);
    // No sideways scrolling at this width.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${shots}/your-data-390.png`, fullPage: true });
    // By keyboard: the download is reachable and shows its focus.
    const focused = () =>
      page.evaluate<{ text: string; outline: string }>(
        `({ text: document.activeElement?.innerText ?? '', outline: getComputedStyle(document.activeElement).outlineStyle })`,
      );
    const name = 'Download your data (JSON file)';
    for (let step = 0; step < 40 && (await focused()).text !== name; step += 1)
      await page.keyboard.press('Tab');
    const ring = await focused();
    expect(ring.text).toBe(name);
    expect(ring.outline).not.toBe('none');
    await page.setViewportSize(desktop);

    // Ten minutes after signing in, it asks for the password again, then comes back to the page.
    await ageSignIn(account);
    await page.goto('/client-detail/your-data');
    await page.waitForURL(onProvider, { timeout: 15_000 });
    await signInOnProvider(page, account.email, account.password);
    await page.waitForURL(onPortal('/client-detail/your-data'), { timeout: 15_000 });
    await page.getByRole('heading', { level: 2, name: 'Your details' }).waitFor();
    await page.getByRole('link', { name: 'Download your data (JSON file)' }).waitFor();
    // The page at two widths, the file and a fresh sign-in: longer than one journey's 60 s.
  }, 120_000);
});
