import { randomUUID } from 'node:crypto';
import type { DevMailboxMessage, DevMailboxMessageSummary } from '@vet/contracts/dev-mailbox';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { brandedEmail } from '@vet/email/branded-email';
import { enqueueEmail } from '@vet/email/enqueue-email';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { jobsLeft, outboxRows } from '@vet/email/testing/outbox-probe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { buildTestApp, testConfig } from '../../testing/test-app.ts';
import { productionEnv } from '../../testing/production-env.ts';
import { emailWorkerPlugin } from './email-worker-plugin.ts';

const database = useTestDatabase();

function verificationEmail(to: string) {
  return {
    to,
    ...brandedEmail({
      brandName: 'Harbour Vets',
      subject: 'Your verification code',
      greeting: 'Hello Priya,',
      paragraphs: ['Enter this code in the portal to link your account.'],
      code: '739204',
    }),
    attachments: [{ filename: 'appointment.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' }],
  };
}

describe('the development mailbox (no SMTP server, outside production)', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp(database);
  });
  afterAll(() => app.close());

  it('lists the newest e-mails with their codes, and shows one with both parts', async () => {
    const to = `priya-${randomUUID().slice(0, 8)}@example.com`;
    const id = await enqueueEmail(database.db, verificationEmail(to));

    const list = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const messages = list.json<DevMailboxMessageSummary[]>();
    expect(messages.length).toBeLessThanOrEqual(50);
    expect(messages.find((message) => message.id === id)).toEqual({
      id,
      to,
      subject: 'Your verification code',
      status: 'pending',
      createdAt: expect.any(String) as unknown,
      sentAt: null,
      code: '739204',
    });
    const times = messages.map((message) => Date.parse(message.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const one = await app.inject({ method: 'GET', url: `/dev/mailbox/${id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json<DevMailboxMessage>()).toMatchObject({
      id,
      to,
      code: '739204',
      text: expect.stringContaining('Your code: 739204') as unknown,
      html: expect.stringContaining('739204</p>') as unknown,
      attachments: [{ filename: 'appointment.ics', contentType: 'text/calendar' }],
      attempts: 0,
      lastError: null,
    });
  });

  it('answers 404 for an e-mail that does not exist and 400 for an id that cannot be one', async () => {
    const missing = await app.inject({ method: 'GET', url: '/dev/mailbox/2147483000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    expect((await app.inject({ method: 'GET', url: '/dev/mailbox/abc' })).statusCode).toBe(400);
  });
});

describe('in production', () => {
  it('has no development mailbox', async () => {
    const app = await buildTestApp(database, { env: productionEnv });
    try {
      for (const url of ['/dev/mailbox', '/dev/mailbox/1']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
      }
    } finally {
      await app.close();
    }
  });

  it('has none even if a config said otherwise (the app checks NODE_ENV itself)', async () => {
    const config = { ...testConfig(database.url, productionEnv), devMailbox: true };
    const app = await buildApp({ config, db: database.db, pool: database.pool, logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('the API’s e-mail worker without SMTP_URL', () => {
  // A database of its own: the worker takes every job of its database, other test files' too.
  const isolated = useOwnDatabase('api_mailbox_test');
  const logLines: string[] = [];

  it('keeps each e-mail for the mailbox, marked sent, and logs no personal data', async () => {
    const app = await buildTestApp(isolated.current, {
      env: { LOG_LEVEL: 'debug' },
      logger: { write: (line) => void logLines.push(line) },
    });
    await app.register(emailWorkerPlugin, { ...testConfig(isolated.current.url), pollInterval: 100 });
    await app.ready();
    try {
      const to = `priya-${randomUUID().slice(0, 8)}@example.com`;
      const id = await isolated.current.db.transaction((tx) => enqueueEmail(tx, verificationEmail(to)));
      await expect
        .poll(() => outboxRows(isolated.current, [id]), { timeout: 10_000 })
        .toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);
      await expect.poll(() => jobsLeft(isolated.current, [id])).toBe(0);

      const list = (await app.inject({ method: 'GET', url: '/dev/mailbox' })).json<
        DevMailboxMessageSummary[]
      >();
      expect(list.find((message) => message.id === id)).toMatchObject({ status: 'sent', code: '739204' });
    } finally {
      await app.close();
    }
    const workerLines = logLines.filter((line) => line.includes('"component":"email-worker"'));
    expect(workerLines.some((line) => line.includes('e-mail kept in the development mailbox'))).toBe(true);
    for (const line of logLines) {
      expect(line).not.toMatch(/@example\.com|verification code|Hello Priya|link your account|739204/);
    }
  });
});
