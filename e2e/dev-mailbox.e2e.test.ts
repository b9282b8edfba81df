import { randomUUID } from 'node:crypto';
import { connectDatabase } from '@vet/db/connection';
import { brandedEmail } from '@vet/email/branded-email';
import { enqueueEmail } from '@vet/email/enqueue-email';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';

/**
 * R4.26: the e2e portal runs without SMTP_URL, so its API keeps every e-mail and the development mailbox
 * shows it. The e-mail is written the way the portal writes one (outbox and job); the API's worker takes
 * it from there.
 */
describe('development mailbox', () => {
  const { newPage } = useBrowser();
  const to = `newcomer-${randomUUID().slice(0, 8)}@example.com`;
  const code = String(100_000 + Math.floor(Math.random() * 900_000));

  beforeAll(async () => {
    const { db, close } = connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
    try {
      await enqueueEmail(db, {
        to,
        ...brandedEmail({
          brandName: 'Harbour Vets',
          subject: 'Your verification code',
          greeting: 'Hello Sam,',
          paragraphs: ['Enter this code in the portal to link your account to your practice.'],
          code,
          action: { label: 'Open the portal', url: `${inject('portalUrl')}/verified?code=${code}` },
        }),
      });
    } finally {
      await close();
    }
  });

  it.each([
    ['a desktop', { width: 1440, height: 900 }],
    ['a phone', { width: 360, height: 740 }],
  ])('shows the kept e-mail, its code large and both parts, on %s', async (_name, viewport) => {
    const page = await newPage(viewport);
    await page.goto('/dev/mailbox');
    expect(await page.title()).toBe('Development mailbox | Harbour Vets Client Portal');
    const entry = page.getByRole('button', { name: `To ${to}` });
    await expect.poll(() => entry.count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByText('Development mailbox — not available in production').count()).toBe(1);
    expect(await page.getByRole('list', { name: 'E-mails, newest first' }).count()).toBe(1);
    await entry.click();
    await expect.poll(() => page.getByTestId('verification-code').textContent()).toBe(code);
    expect(
      await page.getByRole('link', { name: `${inject('portalUrl')}/verified?code=${code}` }).count(),
    ).toBe(1);
    const html = page.getByTitle('The HTML part of “Your verification code”');
    expect(await html.getAttribute('sandbox')).toBe('');
    expect(await html.getAttribute('srcdoc')).toContain(`${code}</p>`);
    // axe cannot run inside the sandboxed e-mail (scripts are off there, as they should be): the frame's
    // own title is checked above, the e-mail's HTML is not the page's.
    await expectNoAxeViolations(page, { exclude: ['iframe[sandbox]'] });
  });
});
