import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { desktop } from './support/shell.ts';
import { onProvider, signIn } from './support/sign-in.ts';

/**
 * R4.10, R9.1: the inactivity warning at 14 minutes and the logout at 15, in Chromium, with two tabs
 * of one browser (activity in either counts in both). The pages' clock is Playwright's, so the
 * minutes pass when the test says; the server's clock is real.
 */
const olivia = DEMO_ACCOUNT.manyPets;
const warningTitle = 'Your session will expire soon';

/** Signs Olivia in with the browser's clock installed, and opens a second tab on her pets. */
async function twoSignedInTabs(newPage: () => Promise<Page>): Promise<[Page, Page]> {
  const page = await newPage();
  await page.clock.install();
  await signIn(page, olivia);
  const other = await page.context().newPage();
  await other.goto('/pets');
  await other.getByRole('heading', { level: 1, name: 'Your pets' }).waitFor();
  // The guard's code loads once signed in (decision 0038): in both tabs before the minutes pass.
  await Promise.all([page.waitForLoadState('networkidle'), other.waitForLoadState('networkidle')]);
  return [page, other];
}

describe('the inactivity warning', () => {
  const { newPage } = useBrowser();

  it('counts activity in any tab, warns in every tab at 14 minutes, and Continue in one closes it in all', async () => {
    const [page, other] = await twoSignedInTabs(() => newPage(desktop));
    const warning = page.getByRole('dialog', { name: warningTitle });
    const otherWarning = other.getByRole('dialog', { name: warningTitle });

    await page.clock.fastForward('10:00');
    // Olivia moves the mouse in the other tab: the first tab's 14 minutes start again too.
    await other.mouse.move(200, 200);
    await other.mouse.move(300, 250);
    await page.clock.fastForward('05:00');
    expect(await warning.count()).toBe(0);
    expect(await otherWarning.count()).toBe(0);

    await page.clock.fastForward('09:30');
    await warning.waitFor();
    await otherWarning.waitFor();
    expect(await warning.textContent()).toMatch(/you will be logged out in \d+ seconds/);
    await expectNoAxeViolations(page);

    await warning.getByRole('button', { name: 'Continue session' }).click();
    await warning.waitFor({ state: 'hidden' });
    await otherWarning.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { level: 1, name: `Welcome, ${olivia.firstName}` }).waitFor();
  });

  it('logs out when the countdown ends, asking the provider once for both tabs', async () => {
    const [page, other] = await twoSignedInTabs(() => newPage(desktop));
    const endSessionVisits: string[] = [];
    for (const tab of [page, other]) {
      tab.on('framenavigated', (frame) => {
        if (frame === tab.mainFrame() && new URL(frame.url()).pathname.startsWith('/session/end')) {
          endSessionVisits.push(tab === page ? 'first tab' : 'other tab');
        }
      });
    }
    await page.clock.fastForward('14:00');
    await page.getByRole('dialog', { name: warningTitle }).waitFor();
    await page.clock.fastForward('01:05');
    // Both tabs' time is up together: one of them logs out, the other follows the sign-out message.
    for (const tab of [page, other]) {
      await tab.waitForURL(onProvider, { timeout: 15_000 });
      await tab.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    }
    expect(endSessionVisits.filter((visit) => visit !== endSessionVisits[0])).toEqual([]);
    expect(endSessionVisits.length).toBeGreaterThan(0);
  });
});
