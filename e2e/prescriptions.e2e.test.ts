import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { press } from './support/actions.ts';
import { expectNoAxeViolations, neverAnswer, useBrowser } from './support/browser.ts';
import { practiceSystemAuthorization } from './support/practice-system.ts';
import { desktop, phone390 } from './support/shell.ts';
import { onPortal, signIn } from './support/sign-in.ts';

/**
 * Repeat prescriptions (decision 0111) with the demo group's medicines
 * (packages/practice-import/demo-group/medications.csv): Olivia's Bramble has Metacam and a joint
 * supplement to repeat, Apoquel past its review date and a course of Synulox not to repeat. Her home
 * practice charges the capped fee for a written prescription: £21.00, and £12.50 for each further medicine.
 */
const olivia = DEMO_ACCOUNT.manyPets;
const api = inject('apiUrl');

async function openNewRequest(page: Page): Promise<void> {
  await signIn(page, olivia, '/drug-request/new-request');
  await page.waitForURL(onPortal('/drug-request/new-request'));
  await page.getByRole('heading', { level: 1, name: 'Request a repeat prescription' }).waitFor();
  await page.getByLabel('Pet').selectOption({ label: 'Bramble' });
  await page.getByRole('group', { name: 'Medicines' }).waitFor();
}

/** Sends the form and answers the new request's id, read from the API's answer to the page. */
async function send(page: Page): Promise<number> {
  const answered = page.waitForResponse(
    (response) =>
      response.url().endsWith('/bff/prescription-requests') && response.request().method() === 'POST',
  );
  await press(page.getByRole('button', { name: 'Send request' }));
  const response = await answered;
  expect(response.status()).toBe(201);
  await page.waitForURL(onPortal('/drug-request'));
  // Said in the list's flow under its heading and button, covering neither (decision 0144).
  const sent = page.getByRole('status').filter({ hasText: 'Your request is sent to your practice.' });
  await sent.waitFor();
  const notice = await sent.boundingBox();
  for (const above of [
    page.getByRole('heading', { level: 1, name: 'Repeat prescriptions' }),
    page.getByRole('link', { name: 'Request a repeat prescription' }),
  ]) {
    const box = await above.boundingBox();
    expect(box && notice && notice.y - (box.y + box.height)).toBeGreaterThanOrEqual(0);
  }
  return ((await response.json()) as { requestId: number }).requestId;
}

const firstRequest = (page: Page) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }) })
    .first();

describe('repeat prescriptions', () => {
  const { newPage } = useBrowser();

  for (const size of [phone390, desktop]) {
    it(`requests a repeat to collect, and sees it approved once the practice answers, at ${size.width} px`, async () => {
      const page = await newPage(size);
      await openNewRequest(page);
      await page.getByRole('checkbox', { name: 'Metacam oral suspension for dogs 1.5 mg/ml' }).check();
      await page.getByLabel('Quantity (100 ml bottles)').selectOption('2');
      // The note's label is whole, wrapping at 390 px rather than cut.
      const noteLabel = page.locator('label').filter({ hasText: 'Anything your practice should know' });
      expect(await noteLabel.innerText()).toBe('Anything your practice should know (optional)');
      const fits = await page.evaluate<boolean>(
        "(() => { const label = [...document.querySelectorAll('label')].find((l) => l.textContent === 'Anything your practice should know (optional)'); return !!label && label.scrollWidth <= label.clientWidth; })()",
      );
      expect(fits).toBe(true);
      await expectNoAxeViolations(page);
      const requestId = await send(page);

      const card = firstRequest(page);
      await card.getByText('Sent to the practice').waitFor();
      await card.getByText('Metacam oral suspension for dogs 1.5 mg/ml: 2 × 100 ml bottles').waitFor();
      await expectNoAxeViolations(page);

      const answer = await fetch(`${api}${integrationPathPrefix}/prescription-requests/${requestId}/answer`, {
        method: 'PUT',
        headers: { authorization: await practiceSystemAuthorization(), 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'Approved' }),
      });
      expect(answer.status).toBe(200);
      // The requests come with the page (decision 0031): the browser's own asking is never answered.
      const asked = await neverAnswer(page, ['**/bff/prescription-requests']);
      await page.reload();
      await firstRequest(page).getByText('Approved', { exact: true }).waitFor();
      expect(asked).toEqual([]);
    });

    it(`refuses a medicine past its review date, and shows the written prescription's fee before sending, at ${size.width} px`, async () => {
      const page = await newPage(size);
      await openNewRequest(page);
      const medicines = page.getByRole('group', { name: 'Medicines' });
      await medicines
        .getByText(
          'Apoquel film-coated tablets needs a check-up with a vet before it can be prescribed again: please book a review.',
        )
        .waitFor();
      expect(await medicines.getByRole('checkbox', { name: /Apoquel/ }).count()).toBe(0);
      await medicines.getByText(/marked Synulox palatable tablets as not repeatable/).waitFor();
      expect(await medicines.getByRole('link', { name: 'Book a review' }).getAttribute('href')).toMatch(
        /^\/appointments\/book\?petId=\d+$/,
      );

      await page.getByRole('checkbox', { name: 'Metacam oral suspension for dogs 1.5 mg/ml' }).check();
      await page
        .getByRole('radio', { name: 'A written prescription to take to a pharmacy of my choice' })
        .check();
      const fee = page.getByRole('status').filter({ hasText: 'written prescription' });
      await expect
        .poll(() => fee.innerText())
        .toContain('The practice’s fee for a written prescription of 1 medicine is £21.00.');
      await page.getByRole('checkbox', { name: 'Yumove Advance joint supplement' }).check();
      await expect
        .poll(() => fee.innerText())
        .toContain('The practice’s fee for a written prescription of 2 medicines is £33.50.');
      await expectNoAxeViolations(page);
      await send(page);
      await firstRequest(page).getByText('Written prescription for a pharmacy · fee £33.50').waitFor();
    });
  }
});
