import { connectDatabase } from '@vet/db/connection';
import { createApiMetrics } from './api-metrics.ts';
import { startMetricsServer } from '@vet/telemetry/metrics-server';
import { readQueueState } from './queue-metrics.ts';
import type { DatabaseHandle } from '@vet/db/connection';
import type { Registry } from 'prom-client';

/** A scrape waits this long for the database at most, then answers with the queues unknown. */
export const scrapeTimeoutMs = 2_000;

export interface ApiMetricsService {
  registry: Registry;
  /** Starts the metrics server on METRICS_HOST:METRICS_PORT. */
  listen: () => Promise<number>;
  close: () => Promise<void>;
}

/**
 * The running API's metrics (server.ts), or undefined without METRICS_PORT. The queues are read through a
 * pool of one connection of the scraper's own: a scrape never waits behind, nor slows, the requests.
 */
export function openApiMetrics(
  settings: { databaseUrl: string; metrics: { port: number | undefined; host: string } },
  pool: DatabaseHandle['pool'],
): ApiMetricsService | undefined {
  const { port, host } = settings.metrics;
  if (port === undefined) return undefined;
  const scrapeDatabase = connectDatabase(settings.databaseUrl, {
    max: 1,
    statementTimeoutMs: scrapeTimeoutMs,
    applicationName: 'portal-api:metrics',
  });
  const registry = createApiMetrics({
    pool,
    readQueueState: () => readQueueState(scrapeDatabase.pool, scrapeTimeoutMs),
  });
  let server: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
  return {
    registry,
    listen: async () => {
      server = await startMetricsServer(registry, host, port);
      return server.port;
    },
    close: async () => {
      await server?.close();
      await scrapeDatabase.close();
    },
  };
}
