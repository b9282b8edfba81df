import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { brandedEmail } from './branded-email.ts';
import { smtpDelivery } from './email-delivery.ts';
import { startEmailWorker, type EmailWorker } from './email-worker.ts';
import { enqueueEmail } from './enqueue-email.ts';
import { captureLogger } from './testing/capture-logger.ts';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { jobsLeft, outboxRows } from './testing/outbox-probe.ts';
import { startTestSmtpServer, unusedPort, type TestSmtpServer } from './testing/test-smtp-server.ts';

const database = useOwnDatabase('email_outbox_test');
const from = '"Harbour Vets Client Portal" <no-reply@harbourvets.example>';
const recipient = () => `owner-${randomUUID().slice(0, 8)}@example.com`;

const content = (to: string) => ({
  to,
  ...brandedEmail({
    brandName: 'Harbour Vets',
    subject: 'Your appointment is booked',
    greeting: 'Hello Olivia,',
    paragraphs: ['Biscuit is booked in at Clapham on 3 March at 10:30.'],
    footer: 'You booked this appointment online.',
  }),
});

describe('the e-mail outbox', () => {
  let smtp: TestSmtpServer;
  let worker: EmailWorker | undefined;
  const { logger, lines } = captureLogger();
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
  });
  afterAll(() => smtp.close());

  const startWorker = async (smtpUrl: string) => {
    worker = await startEmailWorker({
      databaseUrl: database.current.url,
      delivery: smtpDelivery({ smtpUrl, from, timeoutMs: 2000 }),
      logger,
      pollInterval: 100,
    });
  };

  it('sends a committed e-mail once, with both parts and its attachment; a rolled-back one never', async () => {
    const kept = recipient();
    const dropped = recipient();
    const attachment = {
      filename: 'appointment.ics',
      contentType: 'text/calendar',
      content: 'BEGIN:VCALENDAR',
    };
    const keptId = await database.current.db.transaction((tx) =>
      enqueueEmail(tx, { ...content(kept), attachments: [attachment] }),
    );
    let droppedId = 0;
    await database.current.db
      .transaction(async (tx) => {
        droppedId = await enqueueEmail(tx, content(dropped));
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await outboxRows(database.current, [droppedId])).toEqual([]);
    expect(await jobsLeft(database.current, [droppedId])).toBe(0);

    await startWorker(smtp.url);
    await expect
      .poll(() => outboxRows(database.current, [keptId]), { timeout: 10_000 })
      .toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);
    await expect.poll(() => jobsLeft(database.current, [keptId])).toBe(0);

    const mine = smtp.received.filter((email) => email.to.includes(kept) || email.to.includes(dropped));
    expect(mine.map((email) => email.to)).toEqual([[kept]]);
    const raw = mine[0]?.raw ?? '';
    expect(raw).toMatch(/^From: "?Harbour Vets Client Portal"? <no-reply@harbourvets\.example>/m);
    expect(raw).toMatch(/^Subject: Your appointment is booked/m);
    expect(raw).toMatch(/^Message-ID: <outbox-\d+\.\d+@harbourvets\.example>/im);
    expect(raw).toContain('Content-Type: multipart/alternative');
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toContain('Biscuit is booked in at Clapham');
    expect(raw).toMatch(/Content-Type: text\/calendar; name=appointment\.ics/);
    expect(raw).toContain('Content-Disposition: attachment; filename=appointment.ics');
  });

  it('sends nothing for a job whose e-mail was already sent (a retry after a crash)', async () => {
    const to = recipient();
    const id = await enqueueEmail(database.current.db, content(to));
    await startWorker(smtp.url);
    await expect.poll(() => jobsLeft(database.current, [id]), { timeout: 10_000 }).toBe(0);
    expect(smtp.received.filter((email) => email.to.includes(to))).toHaveLength(1);

    // A second job for the same row, as a queue would run it again after a worker died mid-job.
    await database.current.pool.query(
      "select graphile_worker.add_job('send-email', json_build_object('outboxId', $1::bigint))",
      [id],
    );
    await expect
      .poll(async () => (await database.current.pool.query('select 1 from graphile_worker.jobs')).rowCount)
      .toBe(0);
    expect(smtp.received.filter((email) => email.to.includes(to))).toHaveLength(1);
    expect(await outboxRows(database.current, [id])).toEqual([
      expect.objectContaining({ status: 'sent', attempts: 1 }),
    ]);
  });

  it('sends message after message over the one connection a pooled delivery keeps open', async () => {
    const own = await startTestSmtpServer();
    onTestFinished(() => own.close());
    const recipients = [recipient(), recipient(), recipient(), recipient()];
    const ids: number[] = [];
    for (const to of recipients) ids.push(await enqueueEmail(database.current.db, content(to)));
    worker = await startEmailWorker({
      databaseUrl: database.current.url,
      delivery: smtpDelivery({ smtpUrl: own.url, from, timeoutMs: 2000, pooled: 1 }),
      logger,
      pollInterval: 100,
    });
    await expect
      .poll(async () => (await outboxRows(database.current, ids)).map((row) => row.status), {
        timeout: 10_000,
      })
      .toEqual(['sent', 'sent', 'sent', 'sent']);
    expect(own.received.filter((email) => recipients.includes(email.to[0]!))).toHaveLength(4);
    // One connection, not one a message: the handshake each costs was what held the send rate down.
    expect(own.connections).toBe(1);
  });

  it('marks the e-mail failed after its last attempt, with a reason that quotes nothing of it', async () => {
    const to = recipient();
    const id = await enqueueEmail(database.current.db, content(to), { maxAttempts: 1 });
    await startWorker(`smtp://127.0.0.1:${await unusedPort()}`);
    await expect
      .poll(() => outboxRows(database.current, [id]), { timeout: 10_000 })
      .toEqual([
        expect.objectContaining({
          status: 'failed',
          attempts: 1,
          last_error: expect.stringMatching(/^not delivered: /) as unknown,
        }),
      ]);
    expect(lines.some((line) => line.includes('marked failed'))).toBe(true);
  });

  it('logs ids and codes, never an address, a subject or a body', () => {
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).not.toMatch(/@example\.com|appointment is booked|Biscuit|Hello Olivia/);
    }
  });
});
