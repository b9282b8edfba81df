import { maintenanceMessage, maintenanceRetryAfterSeconds } from '@vet/contracts/maintenance';
import fp from 'fastify-plugin';
import { errorBody } from '../http/index.ts';

/**
 * MAINTENANCE=on (decision 0073): every request but the probes answers 503 in the error shape with
 * Retry-After, before the rate limit, authentication or the database are reached, the integration API's
 * included (a practice system retries later, as it does after any 503). /readyz answers ok without asking
 * the database: maintenance is often work on the database, and the instance can still say so.
 * Registered after the security headers, so the answer carries them.
 */
export const maintenancePlugin = fp(
  (app, _options, done) => {
    app.addHook('onRequest', (request, reply, next) => {
      // The balancer keeps an instance in maintenance: it answers every caller itself.
      const route = request.routeOptions.url;
      if (route === '/healthz') {
        next();
        return;
      }
      if (route === '/readyz') {
        void reply.code(200).send({ status: 'ok' });
        return;
      }
      void reply
        .code(503)
        .header('retry-after', String(maintenanceRetryAfterSeconds))
        .send(errorBody(503, maintenanceMessage));
    });
    done();
  },
  { name: 'maintenance' },
);
