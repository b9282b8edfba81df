import { apiErrorSchema } from '@vet/contracts/errors';
import { featureTogglesResponseSchema } from '@vet/contracts/practices';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { INTERNAL_ERROR_MESSAGE } from './errors.ts';

const database = useTestDatabase();

describe('the one error path', () => {
  let app: App;
  const logLines: string[] = [];

  beforeAll(async () => {
    app = await buildTestApp(database, {
      env: { LOG_LEVEL: 'info' },
      logger: { write: (line) => void logLines.push(line) },
    });
    // Routes that exist only in this test, to reach the failure paths.
    app.get('/test/boom', () => {
      throw new Error('connect ECONNREFUSED 10.1.2.3:5432 password=hunter2');
    });
    app.get('/test/wrong-shape', { schema: { response: { 200: featureTogglesResponseSchema } } }, () => [
      { featureKey: 'Online Booking Enabled', value: true } as unknown as {
        featureKey: string;
        value: string;
      },
    ]);
    app.post(
      '/test/form',
      {
        schema: {
          body: z.object({ address: z.object({ postcode: z.string().min(5) }), email: z.email() }),
          response: { 200: z.object({ ok: z.boolean() }), 400: apiErrorSchema },
        },
      },
      () => ({ ok: true }),
    );
  });
  afterAll(() => app.close());

  it('answers an unknown route with 404 in the error shape', async () => {
    const response = await app.inject({ method: 'GET', url: '/no/such/route?email=a@b.test' });
    expect(response.statusCode).toBe(404);
    expect(apiErrorSchema.strict().parse(response.json())).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'There is no GET /no/such/route in this API.',
    });
  });

  it('answers an unexpected error with a bare 500 and logs it server side', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: INTERNAL_ERROR_MESSAGE,
    });
    expect(response.body).not.toMatch(/ECONNREFUSED|hunter2|at |\.ts/);
    expect(logLines.join('')).toContain('ECONNREFUSED');
  });

  it('answers a response that fails its schema with a bare 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/wrong-shape' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: INTERNAL_ERROR_MESSAGE,
    });
  });

  it('answers an invalid body with 400 and an issue per field, by dotted path', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/form',
      payload: { address: { postcode: 'SW1' }, email: 'not-an-email' },
    });
    expect(response.statusCode).toBe(400);
    const body = apiErrorSchema.parse(response.json());
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(body.issues?.map((issue) => issue.path).sort()).toEqual(['address.postcode', 'email']);
  });

  it('answers a body that is not JSON with 400 in the error shape', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/form',
      headers: { 'content-type': 'application/json' },
      payload: '{"address":',
    });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.strict().parse(response.json())).toMatchObject({ error: 'Bad Request' });
  });

  it('sends the security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers).toMatchObject({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
    });
    expect(response.headers['x-powered-by']).toBeUndefined();
    for (const documentOnly of [
      'x-xss-protection',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-dns-prefetch-control',
      'origin-agent-cluster',
    ])
      expect(response.headers[documentOnly]).toBeUndefined();
  });

  it('does not support TRACE: 404 in the error shape, nothing echoed', async () => {
    const response = await app.inject({
      method: 'TRACE',
      url: '/online-practices',
      headers: { 'x-echo-me': 'trace-secret' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('trace-secret');
    expect(response.json()).toHaveProperty('message');
  });

  it('logs requests without query strings or credentials', async () => {
    logLines.length = 0;
    await app.inject({
      method: 'GET',
      url: '/online-practices?email=jane.doe%40example.com&lastName=Doe',
      headers: { authorization: 'Bearer secret-token', cookie: 'next-auth.session-token=secret' },
    });
    const log = logLines.join('');
    expect(log).toContain('"url":"/online-practices"');
    expect(log).not.toMatch(/jane\.doe|lastName|Doe|secret/);
  });

  it('logs one line per answered request: its route, status and time; none for the probes', async () => {
    logLines.length = 0;
    await app.inject({ method: 'GET', url: '/online-practices' });
    await app.inject({ method: 'GET', url: '/test/boom' });
    await app.inject({ method: 'GET', url: '/healthz' });
    const lines = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = lines.filter((line) => line.req !== undefined || line.res !== undefined);
    expect(requests.map(({ msg, level, req, res }) => ({ msg, level, req, res }))).toEqual([
      {
        msg: 'request completed',
        level: 30,
        req: { method: 'GET', url: '/online-practices', route: '/online-practices' },
        res: { statusCode: 200 },
      },
      {
        msg: 'request completed',
        level: 30,
        req: { method: 'GET', url: '/test/boom', route: '/test/boom' },
        res: { statusCode: 500 },
      },
    ]);
    for (const line of requests) {
      expect(line.responseTime).toEqual(expect.any(Number));
      expect(line.reqId).toEqual(expect.any(String));
    }
  });

  it('logs a route by its template, never the ids in its path (a guest hold id is a bearer secret)', async () => {
    logLines.length = 0;
    const holdId = crypto.randomUUID();
    await app.inject({ method: 'POST', url: `/guest/soft-bookings/${holdId}/extend` });
    await app.inject({ method: 'POST', url: `/guest/soft-bookings/${holdId}/no-such-step?x=1` });
    const log = logLines.join('');
    expect(log).toContain('"url":"/guest/soft-bookings/:softBookingId/extend"');
    // No route matched: the first segment of the path only.
    expect(log).toContain('"url":"/guest/…"');
    expect(log).not.toContain(holdId);
  });
});
