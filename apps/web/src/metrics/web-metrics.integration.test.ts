import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebMetrics, startMetricsServer } from './web-metrics.mjs';

/**
 * The web server's request metrics around a stand-in for Next.js (the real one needs a build): the same
 * `observe` server.mjs calls, on real sockets, scraped over HTTP from the metrics' own port.
 */
describe('the web server’s metrics', () => {
  const metrics = createWebMetrics();
  let portal: Server;
  let portalUrl: string;
  let scrapeUrl: string;
  let closeMetrics: () => Promise<void>;

  beforeAll(async () => {
    portal = createServer((request, response) => {
      metrics.observe(request, response);
      const status = request.url?.startsWith('/bff/') ? 401 : request.url === '/broken' ? 500 : 200;
      response.writeHead(status).end('ok');
    });
    await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
    portalUrl = `http://127.0.0.1:${(portal.address() as AddressInfo).port}`;
    const server = await startMetricsServer(metrics.registry, '127.0.0.1', 0);
    scrapeUrl = `http://127.0.0.1:${server.port}/metrics`;
    closeMetrics = server.close;
  });
  afterAll(async () => {
    await closeMetrics?.();
    portal?.closeAllConnections();
    await new Promise((resolve) => portal?.close(resolve));
  });

  it('counts and times requests by method, route group and status class, with no path in a label', async () => {
    for (const path of ['/bff/v2/pets/918273645', '/pets/918273645', '/_next/static/chunks/a.js', '/broken'])
      await (await fetch(`${portalUrl}${path}`)).text();

    const response = await fetch(scrapeUrl);
    const text = await response.text();
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(text).toContain('http_requests_total{method="GET",group="bff",status_class="4xx"} 1');
    expect(text).toContain('http_requests_total{method="GET",group="page",status_class="2xx"} 1');
    expect(text).toContain('http_requests_total{method="GET",group="static",status_class="2xx"} 1');
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",group="page",status_class="5xx"} 1',
    );
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).not.toContain('918273645');
  });

  it('serves nothing but GET /metrics on its port', async () => {
    expect((await fetch(scrapeUrl.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(scrapeUrl, { method: 'POST' })).status).toBe(404);
  });
});
