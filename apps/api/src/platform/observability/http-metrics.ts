import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { methodLabel, requestDurationBuckets } from '@vet/telemetry/request-metrics';
import { Counter, Histogram, type Registry } from 'prom-client';

/** One label value for every request no route matched: the raw URL would put ids and names in labels. */
export const unmatchedRoute = 'unmatched';

export interface HttpMetricsOptions {
  registry: Registry;
}

/**
 * Counts every request by method, route template (`/v2/pets/:petId`, never the URL) and status, errors
 * by status class, and times them. Registered before the routes, at the root, so every route and the
 * not-found handler run its hook.
 */
const httpMetrics: FastifyPluginCallback<HttpMetricsOptions> = (app, { registry }, done) => {
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'HTTP requests answered with an error, by method, route template and status class (4xx, 5xx)',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route template and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: requestDurationBuckets,
    registers: [registry],
  });

  app.addHook('onResponse', (request, reply, hookDone) => {
    const method = methodLabel(request.method);
    const route = request.is404 ? unmatchedRoute : (request.routeOptions.url ?? unmatchedRoute);
    const status = reply.statusCode;
    const statusClass = `${Math.floor(status / 100)}xx`;
    requests.inc({ method, route, status: String(status) });
    if (status >= 400) errors.inc({ method, route, status_class: statusClass });
    duration.observe({ method, route, status_class: statusClass }, reply.elapsedTime / 1000);
    hookDone();
  });
  done();
};

export const httpMetricsPlugin = fp(httpMetrics, { name: 'http-metrics' });
