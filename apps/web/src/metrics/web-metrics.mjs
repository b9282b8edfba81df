// Prometheus metrics of the portal's web server (server.mjs; decision 0072): the process's own
// and the requests' count and duration by route group, served on a port of their own (METRICS_PORT), never
// on the portal's. Plain JavaScript: server.mjs, which runs without TypeScript in production, imports it.
import { createServer } from 'node:http';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** Methods a browser or the balancer sends; any other is counted as OTHER, so no caller invents labels. */
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Seconds: from a static file to a slow page render or BFF call under load. */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The request's group, from its path: a handful of fixed values, never the path itself (which holds ids
 * and, in a stray link, anything). Pages are everything Next.js renders, their client navigations included.
 * @param {string} url the request's URL (path and query)
 * @returns {'probe' | 'bff' | 'auth' | 'api' | 'static' | 'page'}
 */
export function routeGroup(url) {
  const path = url.split('?', 1)[0] ?? '';
  if (path === '/healthz' || path === '/readyz') return 'probe';
  if (path.startsWith('/bff/')) return 'bff';
  if (path.startsWith('/api/auth/')) return 'auth';
  if (path.startsWith('/api/')) return 'api';
  if (path.startsWith('/_next/static/') || path.startsWith('/_next/image')) return 'static';
  // A file of the public folder (favicon.ico, robots.txt): a dot in the last segment. No page has one.
  if (/\.[a-z0-9]+$/i.test(path.slice(path.lastIndexOf('/')))) return 'static';
  return 'page';
}

/**
 * METRICS_PORT (unset: no metrics) and METRICS_HOST (default 127.0.0.1) from the environment, or an
 * Error naming the bad variable: the process must not start on one.
 * @param {Record<string, string | undefined>} env
 * @param {number} publicPort the portal's port, which the metrics must not share
 * @returns {{ port: number, host: string } | undefined}
 */
export function metricsSettings(env, publicPort) {
  const portText = env.METRICS_PORT || undefined;
  const host = env.METRICS_HOST || '127.0.0.1';
  if (portText === undefined) return undefined;
  const port = /^\d+$/.test(portText) ? Number(portText) : Number.NaN;
  if (!(port >= 1 && port <= 65_535) || port === publicPort)
    throw new Error(
      'Invalid configuration; the web server will not start. Fix this environment variable:\n' +
        "  - METRICS_PORT must be a port number from 1 to 65535, not PORT's (Prometheus metrics at " +
        '/metrics); unset: no metrics server',
    );
  return { port, host };
}

/**
 * The web server's registry (its own, not prom-client's global one) and the function that counts a request.
 * @returns {{ registry: Registry, observe: (request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => void }}
 */
export function createWebMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = /** @type {const} */ (['method', 'group', 'status_class']);
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route group (page, bff, auth, api, static, probe) and status class',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route group and status class',
    labelNames,
    buckets: durationBuckets,
    registers: [registry],
  });
  return {
    registry,
    observe(request, response) {
      const started = process.hrtime.bigint();
      const method = knownMethods.has(request.method ?? '') ? request.method : 'OTHER';
      const group = routeGroup(request.url ?? '/');
      /** @param {string} statusClass */
      const record = (statusClass) => {
        const labels = { method, group, status_class: statusClass };
        requests.inc(labels);
        duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
      };
      // 'finish': the answer is handed to the socket. 'close' without it: the client went away first.
      response.once('finish', () => record(`${Math.floor(response.statusCode / 100)}xx`));
      response.once('close', () => {
        if (!response.writableFinished) record('aborted');
      });
    },
  };
}

/**
 * Serves GET /metrics in Prometheus's text format on its own host and port; anything else is 404.
 * @param {Registry} registry
 * @param {string} host
 * @param {number} port 0: any free port (tests)
 * @returns {Promise<{ port: number, close: () => Promise<void> }>}
 */
export async function startMetricsServer(registry, host, port) {
  const server = createServer((request, response) => {
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
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : port,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve(undefined)));
        server.closeIdleConnections();
      }),
  };
}

/**
 * server.mjs's one call: with METRICS_PORT set, the metrics server started and the function that counts a
 * request. A bad METRICS_PORT or METRICS_HOST stops the process with its reason, as the apps' configs do.
 * @param {Record<string, string | undefined>} env
 * @param {number} publicPort
 */
export async function openWebMetrics(env, publicPort) {
  let settings;
  try {
    settings = metricsSettings(env, publicPort);
  } catch (error) {
    console.error(/** @type {Error} */ (error).message);
    process.exit(1);
  }
  if (!settings) return undefined;
  const metrics = createWebMetrics();
  const server = await startMetricsServer(metrics.registry, settings.host, settings.port);
  console.log(`> Metrics on http://${settings.host}:${server.port}/metrics`);
  return { observe: metrics.observe, close: server.close };
}
