import { connectDatabase } from '@vet/db/connection';
import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import type { Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { bookFromTheNotice } from './booking.ts';
import { portalUrl } from './browser.ts';
import { signIn } from './sign-in.ts';

/** Olivia books Pickle's dental check at the second free time, through the portal. */
export async function bookThroughThePortal(page: Page): Promise<string> {
  await signIn(page, DEMO_ACCOUNT.manyPets, '/appointments/book');
  return bookFromTheNotice(page, { pet: 'Pickle', reason: ['Dent', /^Dental check/] });
}

/** The manage link of Olivia's newest e-mail, as the development mailbox shows it. */
export async function manageLinkFromMailbox(page: Page): Promise<string> {
  await page.goto('/dev/mailbox');
  const entry = page.getByRole('button', { name: `To ${DEMO_ACCOUNT.manyPets.email}` }).first();
  await entry.waitFor({ timeout: 15_000 });
  await entry.click();
  // The opened e-mail only: the mailbox also lists text messages, whose links may name /manage# too
  // (sms-outbox.e2e.test.ts writes one), and the files run in any order.
  const message = page.getByRole('article').filter({ hasText: 'Your appointment is booked' });
  await message.waitFor();
  const link = message.getByRole('link', { name: /\/manage#/ });
  return manageHref(link);
}

/**
 * The appointment a manage link names deleted (its reservation goes with it), as a journey that books it
 * must leave: the confirmation's journey (manage-link.e2e.test.ts) finds Olivia's one cancelled dental check
 * of Pickle's at its day and time, and other journeys count her upcoming appointments.
 */
export async function deleteLinkedAppointment(href: string): Promise<void> {
  await deleteAppointment(Number(new URL(href).hash.slice(1).split('.')[0]));
}

/**
 * An appointment deleted (its reservation goes with it): a journey that books Pickle's dental check leaves
 * no trace of it, cancelled or not, where the confirmation's journey looks for its own at a day and time.
 */
export async function deleteAppointment(appointmentId: number): Promise<void> {
  const { pool, close } = connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
  try {
    await pool.query('delete from appointments where id = $1', [appointmentId]);
  } finally {
    await close();
  }
}

/** Every address of the tab's history (back and forward), as the browser holds it. */
export async function historyUrls(page: Page): Promise<string[]> {
  const devTools = await page.context().newCDPSession(page);
  const { entries } = await devTools.send('Page.getNavigationHistory');
  await devTools.detach();
  return entries.map((entry) => entry.url);
}

/**
 * Waits until the manage page's reasons for cancelling have loaded. Until then the reason's field is
 * disabled, greyed as disabled text; its label's colour then fades over 200 ms, and an axe check that
 * began before the fade measured a half-grey label (a combined e2e run failed so).
 */
export async function reasonsLoaded(page: Page): Promise<void> {
  await expect.poll(() => page.getByLabel('Reason for cancelling').isEnabled()).toBe(true);
}

/**
 * Opens a manage link and waits for the appointment it shows: `values` (pet, reason, practice, time) and
 * the slot's day ("Friday 27 November") less its weekday. The reasons for cancelling have loaded too.
 */
export async function openManageLink(page: Page, href: string, values: string[], day: string): Promise<void> {
  await page.goto(href);
  await page.getByRole('heading', { level: 2, name: 'Your appointment' }).waitFor();
  await reasonsLoaded(page);
  const shown = await page.getByRole('main').innerText();
  for (const value of values) expect(shown).toContain(value);
  expect(shown).toContain(day.split(' ').slice(1).join(' '));
}

/** Where a manage link in an e-mail points, once shown: the portal's /manage#<id>.<43-character token>. */
export async function manageHref(link: Locator): Promise<string> {
  await link.waitFor();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(new RegExp(`^${portalUrl()}/manage#\\d+\\.[\\w-]{43}$`));
  return href;
}

/** The plain page of a used-up link: it says so, with nothing to press or follow. */
export async function expectLinkUsedUp(page: Page): Promise<void> {
  await page.getByText('This link no longer works').waitFor();
  for (const name of ['I’ll be there', 'Cancel appointment'])
    expect(await page.getByRole('button', { name }).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Change the time' }).count()).toBe(0);
}
