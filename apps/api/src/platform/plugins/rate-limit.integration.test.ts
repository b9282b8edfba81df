import { randomInt } from 'node:crypto';
import { apiErrorSchema } from '@vet/contracts/errors';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/test-app.ts';

const database = useTestDatabase();

describe('the rate limit', () => {
  it('answers 429 in the error shape past RATE_LIMIT_MAX requests a minute', async () => {
    const app = await buildTestApp(database, { env: { RATE_LIMIT_MAX: '2' } });
    try {
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push(await app.inject({ method: 'GET', url: '/v2/species' }));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 429]);
      // The limit's headers come with the refusal only.
      expect(Object.keys(answers[0]!.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
      const limited = await app.inject({ method: 'GET', url: '/no/such/route' });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      expect(limited.headers).toMatchObject({ 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '0' });
      expect(apiErrorSchema.strict().parse(limited.json())).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: expect.stringMatching(/^Too many requests\. Please try again in /) as unknown,
      });
      // Probes stay exempt: a load balancer shares one address with nobody and must never be limited.
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('counts Stripe’s webhooks apart from people’s requests, with room for their bursts (decision 0157)', async () => {
    const app = await buildTestApp(database, {
      env: {
        RATE_LIMIT_MAX: '2',
        PAYMENTS: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef',
        STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
      },
    });
    try {
      const webhook = () =>
        app.inject({
          method: 'POST',
          url: '/payments/stripe/webhook',
          payload: '{}',
          headers: { 'content-type': 'application/json' },
        });
      const deliveries = [];
      for (let i = 0; i < 10; i += 1) deliveries.push((await webhook()).statusCode);
      // Unsigned, so refused, but never for the count: ten from one address, five times the people's limit.
      expect(deliveries).toEqual(Array.from({ length: 10 }, () => 400));
      const person = [];
      for (let i = 0; i < 3; i += 1)
        person.push((await app.inject({ method: 'GET', url: '/v2/species' })).statusCode);
      expect(person).toEqual([200, 200, 429]);
    } finally {
      await app.close();
    }
  });

  it('counts every address of one IPv6 /64 as one client, and the next /64 apart', async () => {
    const app = await buildTestApp(database, { env: { RATE_LIMIT_MAX: '2' } });
    try {
      const from = (remoteAddress: string) =>
        app.inject({ method: 'GET', url: '/v2/species', remoteAddress });
      const statuses = [
        (await from('2001:db8:5:6::1')).statusCode,
        (await from('2001:db8:5:6:ffff::2')).statusCode,
        (await from('2001:db8:5:6:1234:5678:9abc:def0')).statusCode,
        (await from('2001:db8:5:7::1')).statusCode,
      ];
      expect(statuses).toEqual([200, 200, 429, 200]);
      // An IPv4 client behind an IPv6 socket (IPv4-mapped) is the IPv4 client.
      const mapped = [(await from('192.0.2.44')).statusCode, (await from('::ffff:192.0.2.44')).statusCode];
      expect([...mapped, (await from('192.0.2.44')).statusCode]).toEqual([200, 200, 429]);
    } finally {
      await app.close();
    }
  });

  it('fails open when Redis cannot be reached: requests are served, not refused', async () => {
    const app = await buildTestApp(database, {
      env: { RATE_LIMIT_MAX: '1', REDIS_URL: 'redis://127.0.0.1:1' },
    });
    try {
      const started = Date.now();
      const statuses = [];
      for (let i = 0; i < 2; i += 1) {
        statuses.push((await app.inject({ method: 'GET', url: '/v2/species' })).statusCode);
      }
      expect(statuses).toEqual([200, 200]);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await app.close();
    }
  });

  // Needs a Redis server: TEST_REDIS_URL=redis://127.0.0.1:6379 (keys expire within the minute).
  it.skipIf(!process.env.TEST_REDIS_URL)('shares the count between instances through Redis', async () => {
    const env = {
      RATE_LIMIT_MAX: '2',
      REDIS_URL: String(process.env.TEST_REDIS_URL),
      TRUST_PROXY: '127.0.0.1',
    };
    const first = await buildTestApp(database, { env });
    const second = await buildTestApp(database, { env });
    // A fresh client address per run, so counts left by an earlier run in the same minute don't matter.
    const headers = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
    try {
      const statuses = [
        (await first.inject({ method: 'GET', url: '/v2/species', headers })).statusCode,
        (await second.inject({ method: 'GET', url: '/v2/species', headers })).statusCode,
        (await first.inject({ method: 'GET', url: '/v2/species', headers })).statusCode,
      ];
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
