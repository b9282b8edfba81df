import { randomBytes } from 'node:crypto';
import { practiceDate } from '@vet/contracts/practice-clock';
import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { acceptCookies } from './support/onboarding.ts';
import { readFeed, writeAsPracticeSystem } from './support/practice-system.ts';
import { checkAtBothWidths, screenshots } from './support/screenshots.ts';
import { desktop, phone390 } from './support/shell.ts';
import { signIn } from './support/sign-in.ts';

/**
 * A bill paid by link (issue 64, decision 0157): the practice system sends a bill, the owner presses "Pay"
 * and pays on the hosted page (the stand-in of Stripe's Checkout the e2e portal is configured with), comes
 * back to the bill paid, with a receipt e-mailed, and the practice system reads payment.received. A second
 * bill's page is left without paying: nothing is taken, and the bill can still be paid. Grace Hughes (the
 * demo's three pets) owns them; each test sends a bill of its own.
 */
const account = DEMO_ACCOUNT.threePets;
const shot = screenshots('/tmp/shots-pay-bill');

/** A bill of £60.00 (£50.00 + VAT) from Willowbrook Vets Didsbury, nothing paid yet. */
async function sendBill(tag: string): Promise<{ ref: string; title: string }> {
  const ref = `INV-PAY-${tag}`;
  const title = `Consultation for Hazel ${tag}`;
  await writeAsPracticeSystem('PUT', `invoices/${ref}`, {
    invoice_ref: ref,
    practice_ref: 'PRAC-0006',
    client_ref: 'CLI-000007',
    title,
    issued_on: practiceDate(new Date()),
    status: 'issued',
    total: '60.00',
    vat: '10.00',
    amount_paid: '0.00',
    invoice_lines: [
      {
        line_no: 1,
        pet_ref: 'PET-000012',
        description: 'Consultation',
        quantity: '1',
        unit_price: '50.00',
        vat_rate: 'standard',
        total: '60.00',
      },
    ],
  });
  return { ref, title };
}

async function openBill(page: Page, title: string): Promise<void> {
  await page.goto('/bills');
  await page.getByRole('link', { name: `Bill: ${title}` }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/bills/invoices/'));
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

const checkBothWidths = checkAtBothWidths(shot);

describe('paying a bill online', () => {
  const { newPage } = useBrowser();

  it('pays a bill on the hosted page, comes back to it paid, and the practice system reads the payment', async () => {
    const { ref, title } = await sendBill(randomBytes(3).toString('hex'));
    const page = await newPage(phone390);
    await signIn(page, account, '/bills');
    await acceptCookies(page);
    await openBill(page, title);
    const pay = page.getByRole('button', { name: 'Pay £60.00 now' });
    await pay.waitFor();
    await checkBothWidths(page, 'bill-to-pay');

    await pay.click();
    // The provider's page, on its own address: the portal never sees a card number.
    await page.waitForURL((url) => url.pathname.startsWith('/checkout/'));
    await page.getByRole('heading', { level: 1, name: 'Pay £60.00' }).waitFor();
    await shot(page, 'hosted-page-390');
    await page.getByRole('button', { name: 'Pay £60.00' }).click();

    await page.waitForURL(
      (url) => url.pathname.startsWith('/bills/invoices/') && url.searchParams.has('payment'),
    );
    await page.getByText('Thank you: your payment is received').waitFor();
    // The bill read after the payment settled: nothing due, nothing more to pay.
    await page.getByText('Paid', { exact: true }).first().waitFor();
    expect(await page.getByRole('row', { name: 'Left to pay £0.00' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Pay / }).count()).toBe(0);
    await checkBothWidths(page, 'bill-paid');
    // A reload on the return page takes nothing twice and says the same.
    await page.reload();
    await page.getByText('Thank you: your payment is received').waitFor();

    await expect
      .poll(
        async () =>
          (await readFeed()).filter(
            (event) => event.type === 'payment.received' && event.data['invoice_ref'] === ref,
          ).length,
        { timeout: 15_000 },
      )
      .toBe(1);
    const [received] = (await readFeed()).filter((event) => event.data['invoice_ref'] === ref);
    expect(received?.data).toMatchObject({ amount_pence: 6_000, currency: 'GBP', purpose: 'invoice' });

    const mailbox = await page.context().newPage();
    await mailbox.goto('/dev/mailbox');
    await mailbox
      .getByRole('listitem')
      .filter({ hasText: `To ${account.email}` })
      .filter({ hasText: 'Payment received: £60.00' })
      .first()
      .waitFor();
    await mailbox.close();
  });

  it('leaves the hosted page without paying: nothing is taken and the bill can still be paid', async () => {
    const { title } = await sendBill(randomBytes(3).toString('hex'));
    const page = await newPage(desktop);
    await signIn(page, account, '/bills');
    await acceptCookies(page);
    await openBill(page, title);
    await page.getByRole('button', { name: 'Pay £60.00 now' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/checkout/'));
    // A declined card leaves the owner on the page, told why.
    await page.getByRole('button', { name: 'Decline card' }).click();
    await page.getByText('Your card was declined').waitFor();
    await page.getByRole('link', { name: 'Back' }).click();

    await page.waitForURL((url) => url.searchParams.get('cancelled') === '1');
    await page.getByText('No payment was taken').waitFor();
    await page.getByText('Unpaid £60.00 due', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Pay £60.00 now' }).waitFor();
    await checkBothWidths(page, 'bill-not-paid');
  });
});
