import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { connectDatabase } from '@vet/db/connection';
import { enqueueSms } from '@vet/email/enqueue-sms';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';

const shots = '/tmp/shots-sms-outbox';
mkdirSync(shots, { recursive: true });

/**
 * Decision 0085: the e2e portal runs without an SMS provider, so the API keeps every text message (an
 * appointment reminder's) in the SMS outbox, and the development mailbox lists it beside the e-mails.
 * The message is written the way a reminder writes one (outbox row and job); the API's worker takes it.
 */
describe('development SMS outbox', () => {
  const { newPage } = useBrowser();
  const marker = randomUUID().slice(0, 8);
  const link = `${inject('portalUrl')}/manage#1.${marker}`;
  const body = `Harbour Vets: reminder ${marker} of Biscuit's appointment at Harbour Vets Central, Thursday 17 January 2030 at 10:00 GMT. Confirm, cancel or change: ${link}`;

  beforeAll(async () => {
    const { db, close } = connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
    try {
      await enqueueSms(db, { to: '+447400123456', body });
    } finally {
      await close();
    }
  });

  it.each([
    ['a desktop', { width: 1440, height: 900 }],
    ['a phone', { width: 390, height: 844 }],
  ])('lists the kept text message under the e-mails on %s', async (_name, viewport) => {
    const page = await newPage(viewport);
    await page.goto('/dev/mailbox');
    const list = page.getByRole('list', { name: 'Text messages, newest first' });
    const item = list.getByRole('listitem').filter({ hasText: marker });
    await expect.poll(() => item.count(), { timeout: 15_000 }).toBe(1);
    expect(await item.textContent()).toMatch(/^To \+447400123456 · /);
    expect(await item.getByRole('link', { name: link }).getAttribute('href')).toBe(link);
    // Kept by the worker (the development outbox "sends" by keeping): not pending, not failed.
    await expect.poll(() => item.textContent(), { timeout: 15_000 }).not.toMatch(/· (pending|failed)/);
    await expectNoAxeViolations(page, { exclude: ['iframe[sandbox]'] });
    await item.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/mailbox-sms-${viewport.width}.png`, fullPage: true });
  });
});
