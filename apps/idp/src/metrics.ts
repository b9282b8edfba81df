import type { RequestListener } from 'node:http';
import { createRequestMetrics, type RequestMetrics } from '@vet/telemetry/request-metrics';

/**
 * The identity provider's Prometheus metrics (decision 0072): the process's own and its requests'
 * count and duration by endpoint group, served on a port of its own (METRICS_PORT), never on the issuer's.
 */

/** The first path segments the provider answers (oidc-provider's routes, the pages in front of it). */
const knownGroups = new Set([
  'healthz',
  'interaction',
  'password',
  'account',
  'auth',
  'oauth',
  'token',
  'me',
  'jwks',
  'session',
  '.well-known',
  'request',
  'reg',
]);

/** The request's group: its first path segment when the provider has such endpoints, else `other`. */
export function idpRouteGroup(url: string): string {
  const segment = (url.split('?', 1)[0] ?? '').split('/')[1] ?? '';
  return knownGroups.has(segment) ? segment : 'other';
}

/** A registry of the provider's own (not prom-client's global one), so tests count only their requests. */
export function createIdpMetrics(): RequestMetrics {
  return createRequestMetrics({
    groupOf: idpRouteGroup,
    help: {
      requests: 'HTTP requests answered, by method, endpoint group and status class',
      duration:
        'Time from receiving a request to sending its answer, by method, endpoint group and status class',
    },
  });
}

/** The provider's handler, each request counted first when metrics are on (server.ts). */
export function countedHandler(
  handler: RequestListener,
  metrics: RequestMetrics | undefined,
): RequestListener {
  if (!metrics) return handler;
  return (request, response) => {
    metrics.observe(request, response);
    handler(request, response);
  };
}

/** Served as the API's are (packages/telemetry/src/metrics-server.ts). */
export { startMetricsServer, type MetricsServer } from '@vet/telemetry/metrics-server';
