import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { press } from './support/actions.ts';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { desktop, phone390 } from './support/shell.ts';
import { signIn } from './support/sign-in.ts';

/**
 * Prices before they book (decision 0104; the owner and the price lists are checked on Your practice
 * and on the practice list: your-practice.e2e.test.ts, practice-list.e2e.test.ts): the demo group's prices
 * (packages/practice-import/demo-group/prices.csv). Olivia's home practice is Clapham, in London: its
 * consultation is from £51.00, its vaccination from £68.00; a dental check has no price there.
 */
const olivia = DEMO_ACCOUNT.manyPets;

async function openBooking(page: Page): Promise<void> {
  await page.goto('/appointments/book');
  const dialog = page.getByRole('dialog', { name: 'Emergency appointment information' });
  await dialog.waitFor();
  await press(dialog.getByRole('button', { name: 'Proceed with appointment booking' }));
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('heading', { level: 2, name: /Pet and reason/ }).waitFor();
  await page.getByLabel('Pet').selectOption({ label: 'Biscuit' });
}

describe('prices', () => {
  const { newPage } = useBrowser();

  it('shows a reason’s price, or "Price not yet published", on the booking page at 390 and 1440 px', async () => {
    const page = await newPage(phone390);
    await signIn(page, olivia);
    for (const size of [phone390, desktop]) {
      await page.setViewportSize(size);
      await openBooking(page);
      const reason = page.getByLabel('Reason for the appointment');
      const price = page.locator('p[aria-live="polite"]').filter({ hasText: /\S/ });

      await reason.selectOption({ label: 'General consultation (15 minutes)' });
      await expect
        .poll(() => price.first().innerText())
        .toBe('From £51.00 · Includes: A 15-minute examination and advice');
      await expectNoAxeViolations(page);

      await reason.selectOption({ label: 'Dental check (15 minutes)' });
      await expect.poll(() => price.first().innerText()).toBe('Price not yet published');
      await expectNoAxeViolations(page);
    }
  });
});
