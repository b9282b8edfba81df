import type { DevSms } from '@vet/contracts/dev-mailbox';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { enqueueSms } from '@vet/email/enqueue-sms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/test-app.ts';
import { productionEnv } from '../../testing/production-env.ts';

const database = useTestDatabase();

describe('the development SMS outbox beside the mailbox (decision 0085)', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp(database);
  });
  afterAll(() => app.close());

  it('lists the newest text messages, newest first', async () => {
    const body = `Harbour Vets: reminder ${Date.now()} https://portal.example.test/manage#1.abc`;
    const id = await enqueueSms(database.db, { to: '+447400123456', body });
    const response = await app.inject({ method: 'GET', url: '/dev/sms' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const messages = response.json<DevSms[]>();
    expect(messages.length).toBeLessThanOrEqual(50);
    expect(messages.find((message) => message.id === id)).toEqual({
      id,
      to: '+447400123456',
      body,
      status: 'pending',
      createdAt: expect.any(String) as unknown,
      sentAt: null,
      lastError: null,
    });
    const times = messages.map((message) => Date.parse(message.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('is not there in production', async () => {
    const production = await buildTestApp(database, { env: productionEnv });
    try {
      const response = await production.inject({ method: 'GET', url: '/dev/sms' });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
