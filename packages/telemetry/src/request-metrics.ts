import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * The servers' request metrics (decision 0072), in one place for the API, the identity provider
 * and the web's server: the same method labels, the same duration buckets, and for the two plain node:http
 * servers (the provider and the web) the same counter and histogram of their requests.
 */

/** Methods browsers and clients send; any other is counted as OTHER, so no caller invents labels. */
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The request's method as a label: one of the known methods, else OTHER. */
export function methodLabel(method: string | undefined): string {
  return method !== undefined && knownMethods.has(method) ? method : 'OTHER';
}

/** Seconds: from a static file or a cached lookup (a few ms) to a slow page or booking under load. */
export const requestDurationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * A registry of the process's own (not prom-client's global one), with the process's default metrics:
 * each app built in a test counts only its own requests.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

export interface RequestMetricsOptions {
  /** The request's group, from its URL (path and query): a handful of fixed values, never the path. */
  groupOf: (url: string) => string;
  /** The help text of http_requests_total and http_request_duration_seconds, naming the groups. */
  help: { requests: string; duration: string };
}

export interface RequestMetrics {
  registry: Registry;
  /** Counts and times one request once it is answered (or abandoned: status class `aborted`). */
  observe: (request: IncomingMessage, response: ServerResponse) => void;
}

/**
 * A node:http server's requests counted and timed by method, group and status class, in a registry of
 * their own (createMetricsRegistry).
 */
export function createRequestMetrics({ groupOf, help }: RequestMetricsOptions): RequestMetrics {
  const registry = createMetricsRegistry();
  const labelNames = ['method', 'group', 'status_class'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: help.requests,
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: help.duration,
    labelNames,
    buckets: requestDurationBuckets,
    registers: [registry],
  });
  return {
    registry,
    observe(request, response) {
      const started = process.hrtime.bigint();
      const method = methodLabel(request.method);
      const group = groupOf(request.url ?? '/');
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
