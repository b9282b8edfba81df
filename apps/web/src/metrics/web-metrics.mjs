// Prometheus metrics of the portal's web server (server.mjs; decision 0072): the process's own
// and the requests' count and duration by route group, served on a port of their own (METRICS_PORT), never
// on the portal's. Plain JavaScript, which server.mjs imports: the recorder and the metrics server are the
// other servers' (@vet/telemetry, TypeScript), which Node strips of their types when it runs server.mjs
// from the repository, and which the production build bundles into this file (bundle-servers.ts).
import { startMetricsServer } from '@vet/telemetry/metrics-server';
import { createRequestMetrics } from '@vet/telemetry/request-metrics';

export { startMetricsServer };

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
 * @returns {import('@vet/telemetry/request-metrics').RequestMetrics}
 */
export function createWebMetrics() {
  return createRequestMetrics({
    groupOf: routeGroup,
    help: {
      requests:
        'HTTP requests answered, by method, route group (page, bff, auth, api, static, probe) and status class',
      duration:
        'Time from receiving a request to sending its answer, by method, route group and status class',
    },
  });
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
