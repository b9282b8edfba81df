import { randomUUID } from 'node:crypto';
import { connectDatabase } from '@vet/db/connection';
import { brandedEmail } from '@vet/email/branded-email';
import { enqueueEmail } from '@vet/email/enqueue-email';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { desktop, phone390 } from './support/shell.ts';

/**
 * Decision 0143: the public complaints page, reached from every page's footer and from an e-mail's closing
 * lines. The e-mail is written the way the portal writes one (outbox and job), as the development
 * mailbox's own test does; the API's worker keeps it for the mailbox.
 */
describe('complaints page (browser → web → API → database)', () => {
  const { newPage } = useBrowser();
  const to = `complainer-${randomUUID().slice(0, 8)}@example.com`;

  beforeAll(async () => {
    const { db, close } = connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
    try {
      await enqueueEmail(db, {
        to,
        ...brandedEmail({
          brandName: 'Harbour Vets',
          subject: 'Repeat prescription for Rex: Approved',
          greeting: 'Hello Sam,',
          paragraphs: ['Your practice has approved it.'],
          sender: {
            portalUrl: inject('portalUrl'),
            practice: { name: 'Willowbrook Vets Clapham', ownerName: 'Willowbrook Veterinary Group Ltd' },
          },
        }),
      });
    } finally {
      await close();
    }
  });

  it('is linked from the footer, shows the process, owners and the VCMS at 390 and 1440 px, and from an e-mail', async () => {
    const page = await newPage(phone390);
    await page.goto('/practices');
    await page.getByRole('button', { name: 'Accept and close' }).click();
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Complaints' }).click();
    await page.waitForURL('**/complaints');
    expect(await page.title()).toBe('Complaints | Harbour Vets Client Portal');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Complaints');
    await page.getByRole('heading', { name: 'How to complain' }).waitFor();
    const clapham = page.getByRole('article', { name: 'Willowbrook Vets Clapham' });
    await clapham
      .getByText('Willowbrook Vets Clapham is owned by Willowbrook Veterinary Group Ltd.')
      .waitFor();
    expect(await clapham.locator('a[href^="tel:"]').count()).toBe(1);
    expect(
      await page
        .getByRole('link', { name: 'the Veterinary Client Mediation Service website' })
        .getAttribute('href'),
    ).toBe('https://www.vetmediation.co.uk/clients/');
    await expectNoAxeViolations(page);
    await page.setViewportSize(desktop);
    await expectNoAxeViolations(page);
    // Drawn on the server: the practices' contacts are in the HTML itself.
    expect(await (await page.request.get('/complaints')).text()).toContain(
      'Willowbrook Veterinary Group Ltd',
    );

    await page.goto('/dev/mailbox');
    const entry = page.getByRole('button', { name: `To ${to}` });
    await expect.poll(() => entry.count(), { timeout: 15_000 }).toBe(1);
    await entry.click();
    const complaintsUrl = `${inject('portalUrl')}/complaints`;
    const html = page.getByTitle('The HTML part of “Repeat prescription for Rex: Approved”');
    await expect.poll(() => html.getAttribute('srcdoc')).toContain(`href="${complaintsUrl}"`);
    expect(await html.getAttribute('srcdoc')).toContain(
      'Willowbrook Vets Clapham is owned by Willowbrook Veterinary Group Ltd.',
    );
    await page.getByRole('link', { name: complaintsUrl }).click();
    await page.waitForURL(complaintsUrl);
    expect(await page.title()).toBe('Complaints | Harbour Vets Client Portal');
  });
});
