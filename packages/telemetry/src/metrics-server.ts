import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the server reads: a prom-client Registry (typed by shape, so this file needs no prom-client). */
export interface MetricsSource {
  metrics(): Promise<string>;
  contentType: string;
}

export interface MetricsServer {
  /** The port it listens on (the one asked for, or the one given for port 0). */
  port: number;
  close: () => Promise<void>;
}

/**
 * Serves GET /metrics in Prometheus's text format on a port of its own, apart from the public one (which
 * has no such route): only the scraper, on the host or the private network, reaches it (decision 0072).
 * The API, the identity provider and the web's server (apps/web/src/metrics/web-metrics.mjs) use it.
 */
export async function startMetricsServer(
  registry: MetricsSource,
  host: string,
  port: number,
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    if (request.url !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      }),
  };
}
