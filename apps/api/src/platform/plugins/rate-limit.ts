import rateLimit from '@fastify/rate-limit';
import { clientAddressKey } from '@vet/contracts/client-address';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { tooManyRequests } from '../http/index.ts';
import { reservedRateLimitStore } from './reserved-rate-limit-store.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A per-address limit of its own for a group of routes (the integration API's practice systems send
     * far more than a person): their access scope sets it on each route. Unset: the global `max`.
     */
    addressRateLimitMax?: number;
    /**
     * The counter those routes count in, apart from the portal's (the integration API's: a practice
     * system's requests and a person's never share a count, security round three, finding 12).
     */
    addressRateLimitGroup?: string;
  }
}

export interface RateLimitOptions {
  /** Requests per minute per client address. */
  max: number;
  /** Share the counters with every instance through Redis; unset keeps them in this process. */
  redisUrl: string | undefined;
}

/**
 * A global limit per client address (an IPv6 client by its /64: clientAddressKey). Over the limit, the
 * route answers 429 through the one error handler.
 * With Redis, each instance reserves counts in blocks (reserved-rate-limit-store.ts); an outage fails open (skipOnError): the portal stays up without limits rather than going
 * down with its limiter; the outage is logged.
 */
export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app, { max, redisUrl }) => {
    const redis = redisUrl
      ? new Redis(redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 })
      : undefined;
    if (redis) {
      redis.on('error', (error: Error) =>
        app.log.warn({ err: error }, 'rate-limit store (Redis) unavailable'),
      );
      app.addHook('onClose', (_instance, done) => {
        redis.disconnect();
        done();
      });
    }
    await app.register(rateLimit, {
      // Read per request: a scope's onRoute hook sets the route's config after this plugin's has run.
      max: (request) => request.routeOptions.config.addressRateLimitMax ?? max,
      timeWindow: '1 minute',
      skipOnError: true,
      keyGenerator: (request) =>
        `${request.routeOptions.config.addressRateLimitGroup ?? ''}${clientAddressKey(request.ip)}`,
      ...(redis ? { store: reservedRateLimitStore(redis, 'vet-api-rate-limit:') } : {}),
      // The limit's headers on the 429 only, beside its Retry-After (decision 0090): the callers are the
      // portal's server and practice systems, whose contract is the 429, and every other answer is spared
      // three headers.
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      errorResponseBuilder: (_request, context) =>
        tooManyRequests(`Too many requests. Please try again in ${context.after}.`),
    });
  },
  { name: 'rate-limit' },
);
