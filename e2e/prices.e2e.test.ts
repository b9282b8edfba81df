import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { press } from './support/actions.ts';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { desktop, phone390 } from './support/shell.ts';
import { onPortal, signIn } from './support/sign-in.ts';

/**
 * Prices before they book, and who owns the practice (decision 0104): the demo group's prices
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

  for (const size of [phone390, desktop]) {
    it(`shows a reason's price, or "ask the practice", on the booking page at ${size.width} px`, async () => {
      const page = await newPage(size);
      await signIn(page, olivia);
      await openBooking(page);
      const reason = page.getByLabel('Reason for the appointment');
      const price = page.locator('p[aria-live="polite"]').filter({ hasText: /\S/ });

      await reason.selectOption({ label: 'General consultation (15 minutes)' });
      await expect
        .poll(() => price.first().innerText())
        .toBe('From £51.00 · includes A 15-minute examination and advice');
      await expectNoAxeViolations(page);

      await reason.selectOption({ label: 'Dental check (15 minutes)' });
      await expect.poll(() => price.first().innerText()).toBe('Price: ask the practice');
      await expectNoAxeViolations(page);
    });

    it(`shows the practice's price list and owner on Your practice at ${size.width} px`, async () => {
      const page = await newPage(size);
      await signIn(page, olivia, '/your-practice');
      await page.waitForURL(onPortal('/your-practice'));
      await page.getByRole('heading', { level: 2, name: 'Willowbrook Vets Clapham' }).waitFor();
      await page.getByText('Owned by Willowbrook Veterinary Group Ltd').waitFor();

      const prices = page.getByRole('region', { name: 'Prices' });
      const rows = prices.getByRole('table', { name: /Prices of common services/ }).getByRole('row');
      const texts = (await rows.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
      expect(texts).toEqual([
        'Service Price',
        'Cat neutering From £101.00 Includes: The operation, pain relief and a check-up',
        'General consultation From £51.00 Includes: A 15-minute examination and advice',
        'Microchipping From £31.00 Includes: The chip and its registration',
        'Nail clipping From £21.00 Includes: Front and back claws',
        'Vaccination From £68.00 Includes: The booster and a health check',
      ]);
      await expectNoAxeViolations(page);
    });

    it(`shows each practice's owner and price list on the practice list at ${size.width} px`, async () => {
      const page = await newPage(size);
      await page.goto('/practices');
      const clapham = page.getByRole('article', { name: 'Willowbrook Vets Clapham' });
      await clapham.getByText('Owned by Willowbrook Veterinary Group Ltd').waitFor();
      // Folded in a native disclosure: it opens from the keyboard, and without scripts.
      const prices = clapham.locator('summary');
      const table = clapham.getByRole('table', { name: /Prices of common services/ });
      expect(await table.isVisible()).toBe(false);
      expect(await prices.textContent()).toBe('Prices at Willowbrook Vets Clapham');
      await press(prices);
      await table.waitFor();
      const rows = (await table.getByRole('row').allInnerTexts()).map((text) =>
        text.replace(/\s+/g, ' ').trim(),
      );
      expect(rows).toContain('General consultation From £51.00 Includes: A 15-minute examination and advice');
      await expectNoAxeViolations(page);
      // Drawn on the server: the owner and prices are in the HTML itself.
      const html = await (await page.request.get('/practices')).text();
      expect(html).toContain('Owned by Willowbrook Veterinary Group Ltd');
      expect(html).toContain('From £51.00');
    });
  }
});
