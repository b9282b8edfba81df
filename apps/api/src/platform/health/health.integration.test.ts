import { apiErrorSchema } from '@vet/contracts/errors';
import { connectDatabase } from '@vet/db/connection';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const database = useTestDatabase();

describe('health probes', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp(database);
  });
  afterAll(() => app.close());

  it('GET /healthz answers ok while the process is alive', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers ok when the database answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers 503 in the error shape when the pool is closed', async () => {
    const broken = connectDatabase(database.url, { max: 1 });
    await broken.close();
    const unready = await buildTestApp({ ...broken, url: database.url });
    try {
      const response = await unready.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(apiErrorSchema.strict().parse(response.json())).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'Not ready: the database cannot be reached.',
      });
      // Alive all the same: the orchestrator must not restart a process whose database is down.
      expect((await unready.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await unready.close();
    }
  });

  it('GET /readyz answers 503 when the database cannot be reached at all', async () => {
    const nowhere = connectDatabase('postgres://nobody@127.0.0.1:1/none', { max: 1 });
    const unready = await buildTestApp({ ...nowhere, url: database.url });
    try {
      expect((await unready.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    } finally {
      await unready.close();
      await nowhere.close();
    }
  });

  it('does not log the probes’ requests, while other requests are logged', async () => {
    const logs: string[] = [];
    const logged = await buildTestApp(database, {
      env: { LOG_LEVEL: 'info' },
      logger: { write: (line: string) => void logs.push(line) },
    });
    try {
      await logged.inject({ method: 'GET', url: '/healthz' });
      await logged.inject({ method: 'GET', url: '/readyz' });
      expect(logs.filter((line) => /\/(healthz|readyz)/.test(line))).toEqual([]);
      await logged.inject({ method: 'GET', url: '/no-such-route' });
      expect(logs.some((line) => line.includes('/no-such-route'))).toBe(true);
    } finally {
      await logged.close();
    }
  });
});
