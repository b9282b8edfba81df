import { randomUUID } from 'node:crypto';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { afterEach, describe, expect, it } from 'vitest';
import { smtpDelivery } from './email-delivery.ts';
import { startEmailWorker, type EmailWorker } from './email-worker.ts';
import { enqueueEmails } from './enqueue-email.ts';
import { captureLogger } from './testing/capture-logger.ts';
import { outboxRows } from './testing/outbox-probe.ts';
import { startTestSmtpServer, type TestSmtpServer } from './testing/test-smtp-server.ts';

/**
 * A batch of e-mails in one job (decision 0089), on real PostgreSQL and a real SMTP server on loopback,
 * with two workers: each e-mail reaches its own address once, and only those the server turned away are
 * tried again (the queue's first retry comes about 2.7 s after a failure).
 */
const database = useOwnDatabase('email_batches_test');
const from = '"Harbour Vets Client Portal" <no-reply@harbourvets.example>';

describe('the e-mail worker, with a batch of e-mails in one job', () => {
  const workers: EmailWorker[] = [];
  let smtp: TestSmtpServer | undefined;
  const { logger, lines } = captureLogger();
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await smtp?.close();
    smtp = undefined;
  });

  it('delivers each once, to its own address, retrying only those the server turned away', async () => {
    const batch = randomUUID().slice(0, 8);
    const emails = Array.from({ length: 6 }, (_, index) => ({
      to: `owner-${index}-${batch}@example.com`,
      subject: `Reminder ${index}`,
      text: `Body ${index} ${batch}`,
      html: `<p>Body ${index} ${batch}</p>`,
    }));
    const turnedAway = [emails[1]!.to, emails[4]!.to];
    smtp = await startTestSmtpServer({
      refuseFirstTry: (to) => to.some((address) => turnedAway.includes(address)),
    });
    const ids = await enqueueEmails(database.current.db, emails);
    const jobs = await database.current.pool.query<{ payload: unknown }>(
      'select payload from graphile_worker._private_jobs',
    );
    expect(jobs.rows.map((row) => row.payload)).toEqual([ids.map((outboxId) => ({ outboxId }))]);
    for (let index = 0; index < 2; index += 1) {
      workers.push(
        await startEmailWorker({
          databaseUrl: database.current.url,
          delivery: smtpDelivery({ smtpUrl: smtp.url, from, timeoutMs: 2000 }),
          logger,
          pollInterval: 100,
        }),
      );
    }
    // After the first try the job carries the two turned away, alone, until its retry (e^1 s later).
    await expect
      .poll(
        async () =>
          (
            await database.current.pool.query<{ payload: unknown }>(
              'select payload from graphile_worker._private_jobs',
            )
          ).rows.map((row) => row.payload),
        { timeout: 10_000, interval: 20 },
      )
      .toEqual([[{ outboxId: ids[1] }, { outboxId: ids[4] }]]);
    await expect
      .poll(async () => (await outboxRows(database.current, ids)).map((row) => row.status), {
        timeout: 20_000,
      })
      .toEqual(ids.map(() => 'sent'));
    // One attempt each, two for the two turned away: the others were not sent again with them.
    expect((await outboxRows(database.current, ids)).map((row) => row.attempts)).toEqual([1, 2, 1, 1, 2, 1]);
    expect(smtp.received.flatMap((email) => email.to).sort()).toEqual(emails.map((email) => email.to).sort());
    emails.forEach((email) => {
      const received = smtp!.received.find((candidate) => candidate.to.includes(email.to));
      expect(received?.raw).toContain(`Body ${emails.indexOf(email)} ${batch}`);
    });
    await expect
      .poll(
        async () =>
          (await database.current.pool.query('select 1 from graphile_worker._private_jobs')).rowCount,
      )
      .toBe(0);
    for (const line of lines) expect(line).not.toMatch(/@example\.com|Reminder \d|Body \d/);
  });
});
