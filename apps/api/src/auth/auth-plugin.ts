import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TrustedIssuer } from '../config.ts';
import { serviceUnavailable, unauthorized } from '../http/index.ts';
import { createAccessTokenVerifier } from './access-token-verifier.ts';
import type { Identity } from '../identity/index.ts';
import { KeySetUnavailable, type KeySetTimings } from './issuer-key-set.ts';
import { AuthFailure, readBearerToken } from './token-rules.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in identity on routes with `onRequest: app.requireAuth`; null elsewhere. */
    identity: Identity | null;
  }
  interface FastifyInstance {
    /**
     * Answers 401 (with `WWW-Authenticate: Bearer`) unless the request carries a valid access token of a
     * trusted issuer; sets `request.identity`. An onRequest hook, so it runs before the body is read and
     * an anonymous caller learns nothing from validation errors.
     */
    requireAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export interface AuthPluginOptions {
  issuers: readonly TrustedIssuer[];
  timings?: KeySetTimings;
}

export const authPlugin = fp<AuthPluginOptions>(
  (app, { issuers, timings }, done) => {
    const verifyAccessToken = createAccessTokenVerifier(issuers, timings);

    app.decorateRequest('identity', null);
    app.decorate('requireAuth', async (request: FastifyRequest, reply: FastifyReply) => {
      // Answers about a signed-in person are theirs alone: no shared or browser cache keeps them.
      reply.header('cache-control', 'no-store');
      try {
        request.identity = await verifyAccessToken(readBearerToken(request.headers.authorization));
      } catch (error) {
        // Only the reason is logged: never the token, its claims or who it names.
        if (error instanceof AuthFailure) {
          request.log.info({ authFailure: error.reason }, 'bearer token refused');
          throw unauthorized();
        }
        if (error instanceof KeySetUnavailable) {
          request.log.warn({ err: error }, 'identity provider keys unavailable');
          throw serviceUnavailable('We cannot check your sign-in right now. Please try again shortly.');
        }
        throw error;
      }
    });
    done();
  },
  { name: 'auth' },
);

/** The identity `requireAuth` established; a route that forgot the hook answers 401, never someone else's data. */
export function identityOf(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthorized();
  return request.identity;
}
