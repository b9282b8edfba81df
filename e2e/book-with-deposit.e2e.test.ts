import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { press, typeInto } from './support/actions.ts';
import { checkTimeClearOfNotice } from './support/booking.ts';
import { expectConsoleError, useBrowser } from './support/browser.ts';
import { acceptCookies } from './support/onboarding.ts';
import { writeAsPracticeSystem } from './support/practice-system.ts';
import { checkAtBothWidths, screenshots } from './support/screenshots.ts';
import { phone390 } from './support/shell.ts';
import { signIn } from './support/sign-in.ts';

/**
 * Deposits and card holds at booking (issue 64, decision 0158), the owner's side. Olivia books the reason
 * the demo's first practice (Clapham) asks a £20.00 deposit for, reads the terms, pays on the hosted page
 * (the stand-in of Stripe's Checkout the e2e portal is configured with), comes back to her booking and
 * its receipt, then cancels in time and sees the refund. Grace's practice (Didsbury) is asked a £30.00
 * card hold for the nurse clinic by the practice system for this journey alone; she leaves the hosted
 * page by its Back link, nothing is taken, and the time is offered again.
 */
const olivia = DEMO_ACCOUNT.manyPets;
const grace = DEMO_ACCOUNT.threePets;
const graceHold = 'practices/PRAC-0006/appointment-reasons/REASON-NURSE/booking-payment';
const shot = screenshots('/tmp/shots-book-with-deposit');
/** Olivia's way back from the provider's page, which Grace must not be able to read. */
let oliviasReturn = '/appointments/payment/2147483647';

const checkBothWidths = checkAtBothWidths(shot);

/**
 * From the booking page's emergency notice to the check step: the pet, the reason, a time. Its label.
 * The cookie banner, under the notice's modal on a fresh browser, is closed once the notice is.
 */
async function chooseUpToCheck(page: Page, pet: string, reason: [string, RegExp]): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Emergency appointment information' });
  await press(dialog.getByRole('button', { name: 'Proceed with appointment booking' }));
  await dialog.waitFor({ state: 'hidden' });
  await acceptCookies(page);
  await typeInto(page.getByLabel('Pet'), pet, new RegExp(`^${pet}$`));
  await typeInto(page.getByLabel('Reason for the appointment'), ...reason);
  await page.getByRole('tablist', { name: 'Days' }).waitFor();
  const chosen = (await (await checkTimeClearOfNotice(page)).getAttribute('aria-label')) ?? '';
  await press(page.getByRole('button', { name: 'Continue' }));
  return chosen;
}

/** Whether a time with this label is offered on any day of the booking page's list. */
async function isOffered(page: Page, label: string): Promise<boolean> {
  const tabs = page.getByRole('tablist', { name: 'Days' }).getByRole('tab');
  await tabs.first().waitFor();
  for (let day = 0; day < (await tabs.count()); day += 1) {
    await tabs.nth(day).click();
    await expect.poll(() => tabs.nth(day).getAttribute('aria-selected')).toBe('true');
    if ((await page.getByRole('tabpanel').getByRole('radio', { name: label }).count()) > 0) return true;
  }
  return false;
}

describe('booking with a deposit or a card hold', () => {
  const { newPage } = useBrowser();

  it('pays the deposit on the hosted page, sees the booking and the receipt, cancels in time and sees the refund', async () => {
    const page = await newPage(phone390);
    await signIn(page, olivia, '/appointments/book');
    await chooseUpToCheck(page, 'Bramble', ['New pet', /^New pet initial consultation/]);

    // The amount and the terms before the press, which names the money.
    const pay = page.getByRole('button', { name: 'Pay £20.00 deposit and book' });
    await pay.waitFor();
    await page.getByRole('heading', { level: 3, name: 'Deposit: £20.00' }).waitFor();
    await page.getByText(/^A deposit of £20.00 is taken when you book/).waitFor();
    await checkBothWidths(page, 'check-with-deposit');
    await press(pay);

    // The provider's page, on its own address: the portal never sees a card number.
    await page.waitForURL((url) => url.pathname.startsWith('/checkout/'));
    await page.getByRole('heading', { level: 1, name: 'Pay £20.00' }).waitFor();
    await page.getByRole('button', { name: 'Pay £20.00' }).click();

    await page.waitForURL((url) => url.pathname.startsWith('/appointments/payment/'));
    oliviasReturn = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 2, name: 'Your appointment is booked' }).waitFor();
    await page.getByText(/You paid a £20.00 deposit\. A receipt is on its way to your e-mail\./).waitFor();
    await page.getByText(/^Bramble is booked in at /).waitFor();
    await checkBothWidths(page, 'return-booked');

    const mailbox = await page.context().newPage();
    await mailbox.goto('/dev/mailbox');
    await mailbox
      .getByRole('listitem')
      .filter({ hasText: `To ${olivia.email}` })
      .filter({ hasText: 'Payment received: £20.00 to Willowbrook Vets Clapham' })
      .first()
      .waitFor();
    await mailbox.close();

    // Cancelled before the deadline: the dialog says the deposit comes back, and the page then shows it.
    await press(page.getByRole('main').getByRole('link', { name: 'See your appointments' }));
    await press(page.getByRole('button', { name: /^Cancel Bramble’s New pet initial consultation on / }));
    const dialog = page.getByRole('dialog', { name: 'Cancel appointment' });
    await dialog.getByText('Your £20.00 deposit will be refunded in full.').waitFor();
    const reason = dialog.getByLabel(/Reason for cancelling/);
    await expect.poll(() => reason.locator('option').count()).toBeGreaterThan(1);
    await reason.focus();
    await page.keyboard.press('ArrowDown');
    await checkBothWidths(page, 'cancel-with-deposit');
    await press(dialog.getByRole('button', { name: 'Cancel appointment' }));
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('status')
      .getByText(/(£20.00 is being refunded|£20.00 was refunded|Your £20.00 deposit is being refunded)/)
      .waitFor();
    await checkBothWidths(page, 'cancelled-refund');
  }, 180_000);

  it('leaves the hosted page by Back: nothing is taken and the time is offered again', async () => {
    await writeAsPracticeSystem('PUT', graceHold, { kind: 'card_hold', amount_pence: 3000 });
    try {
      const page = await newPage(phone390);
      await signIn(page, grace, '/appointments/book');
      const chosen = await chooseUpToCheck(page, 'Hazel', ['Nurse', /^Nurse clinic/]);
      await page.getByRole('heading', { level: 3, name: 'Card hold: £30.00' }).waitFor();
      await press(page.getByRole('button', { name: 'Hold £30.00 on your card and book' }));
      await page.waitForURL((url) => url.pathname.startsWith('/checkout/'));
      const back = page.getByRole('link', { name: 'Back' });
      const cancelUrl = new URL((await back.getAttribute('href')) ?? '');
      expect(cancelUrl.searchParams.get('cancelled')).toBe('1');

      // While she is on the provider's page, the way back says the time is held and waits.
      const waiting = await page.context().newPage();
      await waiting.setViewportSize(phone390);
      await waiting.goto(cancelUrl.pathname);
      await waiting.getByRole('heading', { level: 2, name: 'We are confirming your payment' }).waitFor();
      await waiting.getByText(/^Held for you until/).waitFor();
      await checkBothWidths(waiting, 'return-confirming');
      await waiting.close();

      await back.click();
      await page.waitForURL((url) => url.pathname === cancelUrl.pathname);
      await page.getByRole('heading', { level: 2, name: 'No payment was taken' }).waitFor();
      // The flag is dropped once acted on, so a reload only reads, and says the same.
      await expect.poll(() => new URL(page.url()).search).toBe('');
      await checkBothWidths(page, 'return-not-taken');
      await page.reload();
      await page.getByRole('heading', { level: 2, name: 'No payment was taken' }).waitFor();

      await press(page.getByRole('main').getByRole('link', { name: 'Book an appointment' }));
      const dialog = page.getByRole('dialog', { name: 'Emergency appointment information' });
      await press(dialog.getByRole('button', { name: 'Proceed with appointment booking' }));
      await dialog.waitFor({ state: 'hidden' });
      await typeInto(page.getByLabel('Pet'), 'Hazel', /^Hazel$/);
      await typeInto(page.getByLabel('Reason for the appointment'), 'Nurse', /^Nurse clinic/);
      expect(await isOffered(page, chosen)).toBe(true);

      // Another client's payment and a bad id answer alike: the not-found page.
      expectConsoleError(page, 'status of 404');
      for (const path of [oliviasReturn, '/appointments/payment/not-a-payment']) {
        expect((await page.goto(path))?.status()).toBe(404);
        await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      }
    } finally {
      await writeAsPracticeSystem('DELETE', graceHold);
    }
  }, 120_000);
});
