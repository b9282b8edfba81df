import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdpApp } from './app.ts';
import { loadConfig } from './config.ts';
import { generateKeys } from './keys.ts';
import { countedHandler, createIdpMetrics, startMetricsServer, type MetricsServer } from './metrics.ts';

const database = useTestDatabase();

describe('the identity provider’s metrics', () => {
  const metrics = createIdpMetrics();
  let idp: Server;
  let origin: string;
  let scrape: MetricsServer;

  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, IDP_PORT: '0' });
    const { handler } = createIdpApp(config, database.db, await generateKeys());
    idp = createServer(countedHandler(handler, metrics));
    await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
    scrape = await startMetricsServer(metrics.registry, '127.0.0.1', 0);
  });
  afterAll(async () => {
    await scrape?.close();
    idp?.closeAllConnections();
    await new Promise((resolve) => idp?.close(resolve));
  });

  it('counts requests by endpoint group and status class, with no path in a label', async () => {
    const answers = await Promise.all(
      [
        '/.well-known/openid-configuration',
        '/interaction/uid-5f3a9c/login',
        '/owner@example.com/profile',
      ].map(async (path) => (await fetch(`${origin}${path}`, { redirect: 'manual' })).status),
    );
    const response = await fetch(`http://127.0.0.1:${scrape.port}/metrics`);
    const text = await response.text();

    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answers[0]).toBe(200);
    expect(text).toContain('http_requests_total{method="GET",group=".well-known",status_class="2xx"} 1');
    expect(text).toContain(
      `http_requests_total{method="GET",group="interaction",status_class="${String(answers[1]).charAt(0)}xx"} 1`,
    );
    expect(text).toContain(
      `http_requests_total{method="GET",group="other",status_class="${String(answers[2]).charAt(0)}xx"} 1`,
    );
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).not.toContain('uid-5f3a9c');
    expect(text).not.toContain('example.com');
  });

  it('is not served on the issuer’s port', async () => {
    const answer = await fetch(`${origin}/metrics`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain('http_requests_total');
  });
});
