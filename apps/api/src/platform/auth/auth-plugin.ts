import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TrustedIssuer } from './issuer-key-set.ts';
import { forbidden, serviceUnavailable, unauthorized } from '../http/index.ts';
import { createAccessTokenVerifier, type VerifiedCaller } from './access-token-verifier.ts';
import type { Identity } from './identity.ts';
import { KeySetUnavailable, type KeySetTimings } from './issuer-key-set.ts';
import { machineRefusalCodes, machineRefusals, type MachineCaller } from './machine-access.ts';
import { AuthFailure, readBearerToken } from './token-rules.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in identity on routes with `onRequest: app.requireAuth`; null elsewhere. */
    identity: Identity | null;
    /** The practice system calling, on routes with `onRequest: app.requireMachineCaller`; null elsewhere. */
    machineCaller: MachineCaller | null;
  }
  interface FastifyInstance {
    /**
     * Answers 401 (with `WWW-Authenticate: Bearer`) unless the request carries a valid access token of a
     * trusted issuer, and 403 when that token is a machine's; sets `request.identity`. An onRequest hook,
     * so it runs before the body is read and an anonymous caller learns nothing from validation errors.
     */
    requireAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * The integration API's counterpart (decision 0062): 401 without a valid token, 403 for a person's;
     * sets `request.machineCaller`. Which machines and scope are let in is the integration scope's check.
     */
    requireMachineCaller: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export interface AuthPluginOptions {
  issuers: readonly TrustedIssuer[];
  timings?: KeySetTimings;
}

export const authPlugin = fp<AuthPluginOptions>(
  (app, { issuers, timings }, done) => {
    const verifyAccessToken = createAccessTokenVerifier(issuers, timings);
    /** The verified caller, or the 401/503 the request answers. Only reasons are logged, never tokens. */
    const callerOf = async (request: FastifyRequest, reply: FastifyReply): Promise<VerifiedCaller> => {
      // Answers to a signed-in caller are theirs alone: no shared or browser cache keeps them.
      reply.header('cache-control', 'no-store');
      try {
        return await verifyAccessToken(readBearerToken(request.headers.authorization));
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
    };
    app.decorateRequest('identity', null);
    app.decorateRequest('machineCaller', null);
    app.decorate('requireAuth', async (request: FastifyRequest, reply: FastifyReply) => {
      const caller = await callerOf(request, reply);
      if (caller.kind === 'machine') {
        request.log.info({ authRefusal: 'machine_on_person_route' }, 'bearer token refused');
        throw forbidden(machineRefusals.machineOnPersonRoute);
      }
      request.identity = caller.identity;
    });
    app.decorate('requireMachineCaller', async (request: FastifyRequest, reply: FastifyReply) => {
      const caller = await callerOf(request, reply);
      if (caller.kind === 'person') {
        request.log.info({ authRefusal: 'person_on_integration_route' }, 'bearer token refused');
        throw forbidden(machineRefusals.personOnIntegration, machineRefusalCodes.personOnIntegration);
      }
      request.machineCaller = caller.machine;
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

/** The practice system `requireMachineCaller` established; a route that forgot the hook answers 401. */
export function machineCallerOf(request: FastifyRequest): MachineCaller {
  if (!request.machineCaller) throw unauthorized();
  return request.machineCaller;
}
