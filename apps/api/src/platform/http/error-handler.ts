import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiProblem, errorBody } from './errors.ts';
import { toErrorResponse } from './error-response.ts';
import { pathWithoutQuery } from './log-serializers.ts';

/** The 404 of a path no route serves, in the one error shape. */
export function answerUnknownRoute(request: FastifyRequest, reply: FastifyReply) {
  const path = pathWithoutQuery(request.url);
  return reply.code(404).send(errorBody(404, `There is no ${request.method} ${path} in this API.`));
}

/**
 * One error path for the whole API: every error and every unknown route answers in the contracts'
 * error shape. Registered after the rate limiter so unknown routes are rate-limited too.
 */
export const errorHandlerPlugin = fp(
  (app, _options, done) => {
    app.setErrorHandler((error, request, reply) => {
      const { statusCode, body, isExpected } = toErrorResponse(error);
      if (isExpected && statusCode >= 500) {
        // Not our fault but worth a look: the database (or another dependency) is unavailable.
        request.log.warn({ statusCode, err: error }, 'request answered: service unavailable');
      } else if (isExpected) {
        request.log.info({ statusCode }, 'request answered with an error');
      } else {
        request.log.error({ err: error }, 'request failed');
      }
      // RFC 6750 3: a 401 names the scheme that would succeed.
      if (statusCode === 401) reply.header('www-authenticate', 'Bearer');
      if (error instanceof ApiProblem && error.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(statusCode).send(body);
    });

    app.setNotFoundHandler({ preHandler: app.rateLimit() }, answerUnknownRoute);
    done();
  },
  { name: 'error-handler', dependencies: ['@fastify/rate-limit'] },
);
