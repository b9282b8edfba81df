import { z } from 'zod';
import { wholeNumber } from './values.ts';

/**
 * The metrics' part of the API's environment (decision 0072): Prometheus scrapes a port of its
 * own, never the public one, so the numbers (and the scrape's load) stay off the balancer's path.
 * api-config.ts parses it with everything else, so one message still names every bad variable.
 */

const portBounds = [1, 65_535] as const;

const metricsEnvShape = {
  METRICS_PORT: wholeNumber(portBounds).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
};

const metricsEnvExpected: Record<keyof typeof metricsEnvShape, string> = {
  METRICS_PORT:
    `a port number from ${portBounds[0]} to ${portBounds[1]}, not API_PORT's (Prometheus metrics at ` +
    '/metrics); unset: no metrics server',
  METRICS_HOST:
    'a host name or IP address for the metrics server to listen on; unset: 127.0.0.1 (0.0.0.0 when the ' +
    'scraper runs on another host or container)',
};

export const metricsSection = {
  shape: metricsEnvShape,
  expected: metricsEnvExpected,
  rules: [requireMetricsPortApart],
};

type MetricsEnv = z.output<z.ZodObject<typeof metricsEnvShape>> & { API_PORT: number };

export interface MetricsConfig {
  /** Unset: the process serves no metrics. */
  port: number | undefined;
  host: string;
}

export function metricsConfigOf(env: MetricsEnv): MetricsConfig {
  return { port: env.METRICS_PORT, host: env.METRICS_HOST };
}

/** The public port never serves the metrics: the two must differ. */
function requireMetricsPortApart(env: MetricsEnv, context: z.RefinementCtx): void {
  // Checked even when other values are bad (section.ts's `when`): compare only two numbers.
  const { METRICS_PORT: metrics, API_PORT: api } = env;
  if (typeof metrics === 'number' && typeof api === 'number' && metrics === api)
    context.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'the same as API_PORT' });
}
