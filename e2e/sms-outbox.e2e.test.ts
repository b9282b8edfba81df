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

  let smsId = 0;
  beforeAll(async () => {
    const { db, close } = connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
    try {
      smsId = await enqueueSms(db, { to: '+447400123456', body });
    } finally {
      await close();
    }
  });

  /**
   * What the API's worker made of the message, once it has: kept ('sent'), or, between 20:00 and 08:00 by
   * the API's clock, held until 08:00 (its job moved past now). The test reads the worker's outcome
   * rather than the clock, so it holds at any hour, the quiet hours' edges included.
   */
  async function handled(): Promise<'kept' | 'held' | undefined> {
    const { pool, close } = connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
    try {
      const { rows } = await pool.query<{ status: string; held: boolean | null }>(
        `select o.status, j.run_at > now() as held from sms_outbox o
         left join graphile_worker._private_jobs j on j.key = 'sms-outbox-' || o.id
         where o.id = $1`,
        [smsId],
      );
      const row = rows[0];
      if (row?.status === 'sent') return 'kept';
      return row?.status === 'pending' && row.held ? 'held' : undefined;
    } finally {
      await close();
    }
  }

  it.each([
    ['a desktop', { width: 1440, height: 900 }],
    ['a phone', { width: 390, height: 844 }],
  ])('lists the text message under the e-mails on %s', async (_name, viewport) => {
    const page = await newPage(viewport);
    await page.goto('/dev/mailbox');
    const list = page.getByRole('list', { name: 'Text messages, newest first' });
    const item = list.getByRole('listitem').filter({ hasText: marker });
    await expect.poll(() => item.count(), { timeout: 15_000 }).toBe(1);
    expect(await item.textContent()).toMatch(/^To \+447400123456 · /);
    expect(await item.getByRole('link', { name: link }).getAttribute('href')).toBe(link);
    // Kept by the worker (the development outbox "sends" by keeping), or in quiet hours held until 08:00:
    // the page says which.
    await expect.poll(handled, { timeout: 15_000 }).toBeDefined();
    const before = await handled();
    await page.reload();
    const shown = (await item.textContent()) ?? '';
    const after = await handled();
    if (before === 'kept') expect(shown).not.toMatch(/· (pending|failed)/);
    // Held at 08:00's edge may be kept while the page loads: then either is true.
    else if (after === 'held') expect(shown).toMatch(/· pending/);
    else expect(shown).not.toMatch(/· failed/);
    await expectNoAxeViolations(page, { exclude: ['iframe[sandbox]'] });
    await item.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/mailbox-sms-${viewport.width}.png`, fullPage: true });
  });
});
