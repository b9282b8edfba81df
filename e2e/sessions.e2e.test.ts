import { connectDatabase } from '@vet/db/connection';
import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectConsoleError, expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { desktop, focused } from './support/shell.ts';
import { onProvider, signIn } from './support/sign-in.ts';

/** Where you are signed in (R2.35, decision 0078): two browsers signed in as the same person. */

const phone = { width: 390, height: 844 };
const shots = '/tmp/shots-sessions';
const androidChrome =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const account = DEMO_ACCOUNT.threePets;

/** The sessions as the page lists them: each entry's text, this device's marked. */
async function listed(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Where you are signed in' });
  await list.waitFor();
  return list.getByRole('listitem').allInnerTexts();
}

/**
 * Ends the account's portal sessions left by earlier journeys (their browsers closed without signing
 * out, so the sessions live on until they idle out): this journey starts signed in nowhere.
 */
async function signedInNowhere(): Promise<void> {
  const { pool, close } = connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
  try {
    await pool.query('delete from web_sessions where identity_subject = $1', [account.id]);
  } finally {
    await close();
  }
}

describe('where you are signed in', () => {
  const { newPage } = useBrowser();

  it('lists both browsers, and signing out of the others ends the other one at once', async () => {
    await signedInNowhere();
    const laptop = await newPage(desktop);
    await signIn(laptop, account, '/client-detail');
    await laptop.getByRole('link', { name: 'Where you are signed in' }).click();
    await laptop.getByRole('heading', { level: 1, name: 'Where you are signed in' }).waitFor();
    const alone = await listed(laptop);
    expect(alone).toHaveLength(1);
    expect(alone[0]).toMatch(/^Chrome on Linux\s+This device\s+Active now$/);
    await laptop.getByText('You are not signed in anywhere else.').waitFor();

    // A second browser, a phone as its User-Agent says, signs in as the same person.
    const mobile = await newPage(phone);
    const devTools = await mobile.context().newCDPSession(mobile);
    await devTools.send('Network.setUserAgentOverride', { userAgent: androidChrome });
    await signIn(mobile, account, '/client-detail/sessions');
    await expect
      .poll(() => listed(mobile))
      .toEqual([
        expect.stringMatching(/^Chrome on Android\s+This device\s+Active now$/),
        expect.stringMatching(/^Chrome on Linux\s+Active now$/),
      ]);
    await expectNoAxeViolations(mobile);
    await mobile.screenshot({ path: `${shots}/sessions-390.png`, fullPage: true });

    await laptop.reload();
    await expect
      .poll(() => listed(laptop))
      .toEqual([
        expect.stringMatching(/^Chrome on Linux\s+This device\s+Active now$/),
        expect.stringMatching(/^Chrome on Android\s+Active now$/),
      ]);
    await expectNoAxeViolations(laptop);
    await laptop.screenshot({ path: `${shots}/sessions-1440.png`, fullPage: true });

    // By keyboard: the button is reachable and shows its focus.
    for (let presses = 0; presses < 30; presses++) {
      if ((await focused(laptop)).name === 'Sign out of the others') break;
      await laptop.keyboard.press('Tab');
    }
    const focus = await focused(laptop);
    expect(focus.name).toBe('Sign out of the others');
    expect(focus.outline).not.toMatch(/^none/);
    await laptop.screenshot({ path: `${shots}/sessions-focus-1440.png` });
    await laptop.keyboard.press('Enter');
    await laptop.getByText('You are now signed out everywhere else.').waitFor();
    expect(await listed(laptop)).toEqual([expect.stringMatching(/^Chrome on Linux\s+This device/)]);
    await laptop.getByText('You are not signed in anywhere else.').waitFor();
    await expectNoAxeViolations(laptop);

    // The phone's cookie is worth nothing now: its requests are refused and its next page asks to sign in.
    expectConsoleError(mobile, /status of 401 .*\/api\/sessions/);
    const answer = await mobile.evaluate(async () => (await fetch('/api/sessions')).status);
    expect(answer).toBe(401);
    await mobile.reload();
    await mobile.waitForURL(onProvider, { timeout: 15_000 });

    // The laptop's session goes on.
    await laptop.reload();
    expect(await listed(laptop)).toHaveLength(1);
    expect(await laptop.evaluate(async () => (await fetch('/api/sessions')).status)).toBe(200);
  });
});
