import { useOwnDatabase } from '@vet/db/testing/own-database';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmailDelivery } from './email-delivery.ts';
import { localQueueSize, startEmailWorker, type EmailWorker } from './email-worker.ts';
import { enqueueEmail } from './enqueue-email.ts';
import type { OutboxEmail } from './outbox-repository.ts';
import { captureLogger } from './testing/capture-logger.ts';
import { outboxRows } from './testing/outbox-probe.ts';

/**
 * The worker fetches jobs ahead (decision 0089): one fetch locks a batch, which its sends then take one
 * by one, so the database answers one query a batch rather than one a job. A delivery that waits until
 * the test lets it go shows what the worker holds while its two sends are busy.
 */
const database = useOwnDatabase('email_local_queue_test');
const concurrency = 2;

describe("the e-mail worker's local queue", () => {
  let worker: EmailWorker | undefined;
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });

  it('locks a batch of jobs at once, and delivers each e-mail', async () => {
    const delivered: OutboxEmail[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let sending = 0;
    const delivery: EmailDelivery = {
      kind: 'smtp',
      deliver: async (email) => {
        sending += 1;
        await held;
        delivered.push(email);
      },
      close: () => undefined,
    };
    const emails = Array.from({ length: 20 }, (_, index) => ({
      to: `owner-${index}@example.com`,
      subject: `Message ${index}`,
      text: `Body ${index}`,
      html: `<p>Body ${index}</p>`,
    }));
    // A job each, as the portal's e-mails other than reminders are queued.
    const ids: number[] = [];
    for (const email of emails) ids.push(await enqueueEmail(database.current.db, email));
    worker = await startEmailWorker({
      databaseUrl: database.current.url,
      delivery,
      logger: captureLogger().logger,
      concurrency,
      pollInterval: 100,
    });
    const locked = async () =>
      (
        await database.current.pool.query<{ count: number }>(
          'select count(*)::int as count from graphile_worker._private_jobs where locked_at is not null',
        )
      ).rows[0]?.count;
    // Two sends are busy, and the worker holds the batch it fetched: more jobs than it is sending.
    await expect.poll(() => sending).toBe(concurrency);
    await expect.poll(locked).toBe(localQueueSize(concurrency));
    expect(localQueueSize(concurrency)).toBeGreaterThan(concurrency);
    release();
    await expect
      .poll(async () => (await outboxRows(database.current, ids)).every((row) => row.status === 'sent'), {
        timeout: 15_000,
      })
      .toBe(true);
    const byId = new Map(delivered.map((email) => [email.id, email]));
    ids.forEach((id, index) => {
      expect(byId.get(id)).toMatchObject({ to: `owner-${index}@example.com`, subject: `Message ${index}` });
    });
  });
});
