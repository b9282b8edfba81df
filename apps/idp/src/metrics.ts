import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * The identity provider's Prometheus metrics (decision 0072): the process's own and its requests'
 * count and duration by endpoint group, served on a port of its own (METRICS_PORT), never on the issuer's.
 */

/** Methods browsers and clients send; any other is counted as OTHER, so no caller invents labels. */
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

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

const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The request's group: its first path segment when the provider has such endpoints, else `other`. */
export function idpRouteGroup(url: string): string {
  const segment = (url.split('?', 1)[0] ?? '').split('/')[1] ?? '';
  return knownGroups.has(segment) ? segment : 'other';
}

export interface IdpMetrics {
  registry: Registry;
  /** Counts and times one request once it is answered (or abandoned: status class `aborted`). */
  observe: (request: IncomingMessage, response: ServerResponse) => void;
}

/** A registry of the provider's own (not prom-client's global one), so tests count only their requests. */
export function createIdpMetrics(): IdpMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'group', 'status_class'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, endpoint group and status class',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, endpoint group and status class',
    labelNames,
    buckets: durationBuckets,
    registers: [registry],
  });
  return {
    registry,
    observe(request, response) {
      const started = process.hrtime.bigint();
      const method = knownMethods.has(request.method ?? '') ? request.method! : 'OTHER';
      const group = idpRouteGroup(request.url ?? '/');
      const record = (statusClass: string) => {
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

/** The provider's handler, each request counted first when metrics are on (server.ts). */
export function countedHandler(handler: RequestListener, metrics: IdpMetrics | undefined): RequestListener {
  if (!metrics) return handler;
  return (request, response) => {
    metrics.observe(request, response);
    handler(request, response);
  };
}

/** Served as the API's are (packages/contracts/src/metrics-server.ts). */
export { startMetricsServer, type MetricsServer } from '@vet/contracts/metrics-server';
