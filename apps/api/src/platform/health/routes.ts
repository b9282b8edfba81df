import { apiErrorSchema } from '@vet/contracts/errors';
import { healthResponseSchema } from '@vet/contracts/health';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { serviceUnavailable } from '../http/index.ts';
import { checkDatabase } from './readiness.ts';

/**
 * Probes for the load balancer and orchestrator; exempt from the rate limit, which keys on their address.
 * Their requests are not logged (a probe every few seconds would drown the log); a failing readiness
 * check still logs its warning.
 */
export const healthRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/healthz',
    {
      config: { rateLimit: false },
      logLevel: 'warn',
      schema: {
        operationId: 'checkLiveness',
        tags: ['health'],
        summary: 'The process is alive',
        response: { 200: healthResponseSchema },
      },
    },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { rateLimit: false },
      logLevel: 'warn',
      schema: {
        operationId: 'checkReadiness',
        tags: ['health'],
        summary: 'The process can serve requests: its database answers',
        response: { 200: healthResponseSchema, 503: apiErrorSchema },
      },
    },
    async (request) => {
      try {
        await checkDatabase(app.pool);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        throw serviceUnavailable('Not ready: the database cannot be reached.');
      }
      return { status: 'ok' as const };
    },
  );
  done();
};
