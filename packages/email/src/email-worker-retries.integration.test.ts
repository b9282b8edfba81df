import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { brandedEmail } from './branded-email.ts';
import { smtpDelivery } from './email-delivery.ts';
import { startEmailWorker, type EmailWorker } from './email-worker.ts';
import { enqueueEmail } from './enqueue-email.ts';
import { captureLogger } from './testing/capture-logger.ts';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { jobsLeft, outboxRows } from './testing/outbox-probe.ts';
import { startTestSmtpServer, unusedPort, type TestSmtpServer } from './testing/test-smtp-server.ts';

/**
 * Exactly once, the hard way: two workers (two API instances) on one database, and a mail server that is
 * not there at first or turns each message away once. The queue's back-off is its own (e^attempt s), so
 * the first retry comes about 2.7 s after a failure; the workers look for due retries every 100 ms.
 */
const database = useOwnDatabase('email_retry_test');
const from = '"Harbour Vets Client Portal" <no-reply@harbourvets.example>';
const count = 6;

function emailsFor(batch: string) {
  return Array.from({ length: count }, (_, index) => ({
    to: `owner-${index}-${batch}@example.com`,
    ...brandedEmail({
      brandName: 'Harbour Vets',
      subject: `Your verification code ${batch}`,
      greeting: `Hello client ${index},`,
      paragraphs: ['Enter this code to link your account.'],
      code: `${100_000 + index}`,
    }),
  }));
}

describe('the e-mail worker, with retries and two workers', () => {
  const workers: EmailWorker[] = [];
  let smtp: TestSmtpServer | undefined;
  const { logger, lines } = captureLogger();
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await smtp?.close();
    smtp = undefined;
  });

  const startTwoWorkers = async (smtpUrl: string) => {
    for (let index = 0; index < 2; index += 1) {
      workers.push(
        await startEmailWorker({
          databaseUrl: database.current.url,
          delivery: smtpDelivery({ smtpUrl, from, timeoutMs: 2000 }),
          logger,
          concurrency: 2,
          pollInterval: 100,
        }),
      );
    }
  };

  /** Once every job is gone, nothing more can be sent: then the counts are final. */
  async function expectEachSentOnce(ids: number[], recipients: string[], attempts: number) {
    await expect
      .poll(async () => (await outboxRows(database.current, ids)).map((row) => row.status), {
        timeout: 20_000,
      })
      .toEqual(ids.map(() => 'sent'));
    await expect.poll(() => jobsLeft(database.current, ids), { timeout: 5_000 }).toBe(0);
    const received = (smtp?.received ?? [])
      .flatMap((email) => email.to)
      .filter((to) => recipients.includes(to));
    expect(received.sort()).toEqual([...recipients].sort());
    for (const row of await outboxRows(database.current, ids)) expect(row.attempts).toBe(attempts);
  }

  it('delivers each e-mail exactly once when an SMTP server that was down comes back', async () => {
    const emails = emailsFor(randomUUID().slice(0, 8));
    const port = await unusedPort();
    await startTwoWorkers(`smtp://127.0.0.1:${port}`);
    const ids = await database.current.db.transaction(async (tx) => {
      const added: number[] = [];
      for (const email of emails) added.push(await enqueueEmail(tx, email));
      return added;
    });

    // Every e-mail has been tried and refused (nothing listens on the port)…
    await expect
      .poll(async () => (await outboxRows(database.current, ids)).filter((row) => row.attempts >= 1).length, {
        timeout: 10_000,
      })
      .toBe(count);
    for (const row of await outboxRows(database.current, ids)) {
      expect(row.status).toBe('pending');
      expect(row.last_error).toMatch(/^not delivered: /);
    }
    // …then the server comes up, and the queue's retries deliver each one, once.
    smtp = await startTestSmtpServer({ port });
    await expectEachSentOnce(
      ids,
      emails.map((email) => email.to),
      2,
    );
  });

  it('retries a message the server turned away with a temporary 4xx', async () => {
    const emails = emailsFor(randomUUID().slice(0, 8));
    smtp = await startTestSmtpServer({ refuseFirstTry: true });
    await startTwoWorkers(smtp.url);
    const ids = await Promise.all(emails.map((email) => enqueueEmail(database.current.db, email)));
    await expectEachSentOnce(
      ids,
      emails.map((email) => email.to),
      2,
    );
    const rows = await outboxRows(database.current, ids);
    for (const row of rows) expect(row.last_error).toContain('SMTP 451');
  });

  it('logged ids and codes, never an address, a subject, a body or a code', () => {
    expect(lines.some((line) => line.includes('e-mail not sent; will retry'))).toBe(true);
    expect(lines.some((line) => line.includes('"msg":"e-mail sent"'))).toBe(true);
    for (const line of lines) {
      expect(line).not.toMatch(/@example\.com|verification code|Hello client|link your account|10000\d/);
    }
  });
});
