import { afterAll, describe, expect, it } from 'vitest';
import { brandedEmail } from './branded-email.ts';
import { smtpDelivery, type EmailDelivery } from './email-delivery.ts';
import { startEmailWorker, type EmailWorker } from './email-worker.ts';
import { enqueueEmail } from './enqueue-email.ts';
import { captureLogger } from './testing/capture-logger.ts';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { jobsLeft, outboxRows } from './testing/outbox-probe.ts';
import { startTestSmtpServer, type TestSmtpServer } from './testing/test-smtp-server.ts';

/**
 * The database going away between the mail server accepting a message and the worker marking it sent (a
 * PostgreSQL restart ends every session): the transaction is lost, the queue retries, and the retry
 * records the e-mail as sent without sending it again. (e2e/database-restart.e2e.test.ts restarts a real
 * server under the whole portal.)
 */
const database = useOwnDatabase('email_connection_loss_test');
const from = '"Harbour Vets Client Portal" <no-reply@harbourvets.example>';

describe('the e-mail worker, when its database connections end mid-delivery', () => {
  let worker: EmailWorker | undefined;
  let smtp: TestSmtpServer | undefined;
  afterAll(async () => {
    await worker?.stop();
    await smtp?.close();
  });

  it('sends each e-mail once and records it once the database answers again', async () => {
    smtp = await startTestSmtpServer();
    const smtpOnly = smtpDelivery({ smtpUrl: smtp.url, from, timeoutMs: 2000 });
    let ended = 0;
    // After the server accepts each of the first two messages, every session of the worker's database ends,
    // as in a restart: the open transaction, its row lock and the queue's listening connection go.
    const endingSessions: EmailDelivery = {
      ...smtpOnly,
      deliver: async (email) => {
        await smtpOnly.deliver(email);
        if (ended >= 2) return;
        ended += 1;
        // Two deliveries at once each end the sessions from one of the test's own connections, and each
        // may end the other's: a terminate that was itself ended has still ended them. It must not fail
        // the delivery, which the server has accepted (the worker would send it again).
        await database.current.pool
          .query(
            'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
          )
          .catch(() => undefined);
      },
    };
    const { logger, lines } = captureLogger();
    worker = await startEmailWorker({
      databaseUrl: database.current.url,
      delivery: endingSessions,
      logger,
      pollInterval: 100,
    });
    const recipients = ['owner-1@example.com', 'owner-2@example.com', 'owner-3@example.com'];
    const ids: number[] = [];
    for (const to of recipients) {
      const content = brandedEmail({
        brandName: 'Harbour Vets',
        subject: 'Your appointment is booked',
        greeting: 'Hello,',
        paragraphs: ['See you soon.'],
      });
      ids.push(await enqueueEmail(database.current.db, { to, ...content }));
    }

    await expect
      .poll(async () => (await outboxRows(database.current, ids)).map((row) => row.status), {
        timeout: 20_000,
      })
      .toEqual(ids.map(() => 'sent'));
    await expect.poll(() => jobsLeft(database.current, ids), { timeout: 10_000 }).toBe(0);
    expect(ended).toBe(2);
    expect(smtp.received.flatMap((email) => email.to).sort()).toEqual(recipients);
    expect(lines.filter((line) => line.includes('e-mail sent but not recorded')).length).toBeGreaterThan(0);
  });
});
