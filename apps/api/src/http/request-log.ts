import fp from 'fastify-plugin';

/**
 * One line per request at `info`, when it has been answered: its method and route template (the `req`
 * serializer), status and time. Fastify's own request logging writes two (one on arrival, without the
 * status), which doubles the log's volume and its writes on the hot path; the arrival line stays, at
 * `debug`, for following a request that never finishes. A route's own `logLevel` (the probes' `warn`)
 * silences both.
 */
export const requestLogPlugin = fp(
  (app, _options, done) => {
    app.addHook('onRequest', (request, _reply, next) => {
      request.log.debug({ req: request }, 'incoming request');
      next();
    });
    app.addHook('onResponse', (request, reply, next) => {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
      next();
    });
    done();
  },
  { name: 'request-log' },
);
