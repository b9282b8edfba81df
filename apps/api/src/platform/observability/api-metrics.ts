import type { DatabaseHandle } from '@vet/db/connection';
import { createMetricsRegistry } from '@vet/telemetry/request-metrics';
import type { Registry } from 'prom-client';
import { registerPoolMetrics } from './pool-metrics.ts';
import { registerQueueMetrics, type QueueState } from './queue-metrics.ts';

export interface ApiMetricsOptions {
  /** The requests' pool: its connections and waits. */
  pool: DatabaseHandle['pool'];
  /** Reads the queues' state at scrape time (queue-metrics.ts's readQueueState on the scraper's pool). */
  readQueueState: () => Promise<QueueState>;
}

/**
 * Everything the API exports to Prometheus, in a registry of its own (not prom-client's global one), so
 * each app built in a test counts only its own requests. buildApp adds the requests' counters to it.
 */
export function createApiMetrics({ pool, readQueueState }: ApiMetricsOptions): Registry {
  const registry = createMetricsRegistry();
  registerPoolMetrics(registry, pool, 'api');
  registerQueueMetrics(registry, readQueueState);
  return registry;
}
