/**
 * The observability module: Prometheus's registry of the API's requests, pool and queues and the server
 * that exports it on a port of its own (decision 0072); the browser's render-error reports; the traces'
 * preload (preload.ts, loaded by `node --import`, not through this file: decision 0071).
 * Other modules import only this file (decision 0054).
 */
export { openApiMetrics } from './api-metrics-service.ts';
export { httpMetricsPlugin } from './http-metrics.ts';
export { telemetryRoutes } from './telemetry-routes.ts';
