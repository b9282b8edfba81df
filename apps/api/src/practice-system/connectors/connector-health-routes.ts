import { apiErrorSchema } from '@vet/contracts/errors';
import { connectorHealthResponseSchema } from '@vet/contracts/health';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { serviceUnavailable } from '../../platform/index.ts';
import { connectorHealth, type ConnectorAlert } from './connector-health.ts';

export interface ConnectorHealthRoutesOptions {
  connectors: readonly ConnectorAlert[];
  /** The clock (a test's); the wall clock by default. */
  clock?: () => Date;
}

/**
 * GET /health/connectors (decision 0130): 200 with each configured connector's health, 503 in the error
 * shape naming the failing ones (by name and code) once one has failed `alert_failed_passes` passes in a
 * row or not read to its end for `alert_lag_seconds`. Apart from /readyz on purpose: a practice system
 * being down must not take the API out of its load balancer; an alert watches this one instead.
 */
export const connectorHealthRoutes =
  (options: ConnectorHealthRoutesOptions): FastifyPluginCallbackZod =>
  (app, _options, done) => {
    const clock = options.clock ?? (() => new Date());
    const startedAt = clock();
    app.get(
      '/health/connectors',
      {
        config: { rateLimit: false },
        logLevel: 'warn',
        schema: {
          operationId: 'checkConnectors',
          tags: ['health'],
          summary: 'The connectors to practice systems are reading: none failing pass after pass or lagging',
          response: { 200: connectorHealthResponseSchema, 503: apiErrorSchema },
        },
      },
      async (request) => {
        const connectors = await connectorHealth(app.db, options.connectors, clock(), startedAt);
        const failing = connectors.filter((connector) => connector.failing);
        if (failing.length > 0) {
          request.log.warn({ connectors: failing.map((c) => c.name) }, 'connectors failing');
          throw serviceUnavailable(
            `Connectors failing: ${failing
              .map(
                (c) =>
                  `${c.name} (${c.failed_passes} failed passes in a row${c.last_failure ? `, ${c.last_failure}` : ''}; lag ${c.lag_seconds} s)`,
              )
              .join(', ')}.`,
          );
        }
        return { status: 'ok' as const, connectors };
      },
    );
    done();
  };
