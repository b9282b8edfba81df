import { apiErrorSchema } from '@vet/contracts/errors';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { maintenanceMessage, maintenanceRetryAfterSeconds } from '@vet/contracts/maintenance';
import { connectDatabase } from '@vet/db/connection';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/test-app.ts';

/**
 * MAINTENANCE=on (decision 0073): every route answers 503 in the error shape with
 * Retry-After, the integration API too; the probes stay green so the balancer keeps the instance.
 */
const database = useTestDatabase();

const expectMaintenanceAnswer = (response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json: () => unknown;
}) => {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe(String(maintenanceRetryAfterSeconds));
  expect(apiErrorSchema.strict().parse(response.json())).toEqual({
    statusCode: 503,
    error: 'Service Unavailable',
    message: maintenanceMessage,
  });
};

describe('MAINTENANCE=on', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(database, { env: { MAINTENANCE: 'on' } });
  });
  afterAll(() => app.close());

  it.each([
    ['GET', '/online-practices'],
    ['GET', '/client/profile'],
    ['POST', '/appointments'],
    ['GET', '/no-such-route'],
    ['GET', `${integrationPathPrefix}/events`],
    ['POST', `${integrationPathPrefix}/clients/some-ref/invitations`],
  ] as const)('%s %s answers 503 with Retry-After in the error shape', async (method, url) => {
    expectMaintenanceAnswer(await app.inject({ method, url }));
  });

  it('keeps the security headers on its answer', async () => {
    const response = await app.inject({ method: 'GET', url: '/online-practices' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps /healthz and /readyz green', async () => {
    for (const url of ['/healthz', '/readyz', '/readyz?probe=1']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
  });

  it('keeps /readyz green while the database is down: maintenance needs none', async () => {
    const broken = connectDatabase(database.url, { max: 1 });
    await broken.close();
    const closed = await buildTestApp({ ...broken, url: database.url }, { env: { MAINTENANCE: 'on' } });
    try {
      expect((await closed.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      expectMaintenanceAnswer(await closed.inject({ method: 'GET', url: '/online-practices' }));
    } finally {
      await closed.close();
    }
  });
});

describe('MAINTENANCE=off (the default)', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(database, { env: { MAINTENANCE: 'off' } });
  });
  afterAll(() => app.close());

  it('serves the routes', async () => {
    const response = await app.inject({ method: 'GET', url: '/online-practices' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['retry-after']).toBeUndefined();
  });
});
