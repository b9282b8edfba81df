import { apiErrorSchema } from '@vet/contracts/errors';
import type { MachineGrantKind } from '@vet/contracts/machine-access';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { createLinkedClientLookup, type LinkedClient } from './linked-client.ts';
import { answerUnknownRoute, forbidden, addResponses, unauthorized } from '../http/index.ts';
import { identityOf, machineCallerOf } from './auth-plugin.ts';
import {
  grantOf,
  INTEGRATION_TAG,
  machineAccessRefusal,
  machineRefusalCodes,
  machineRefusals,
  PRACTICE_SYSTEM_SECURITY,
  type MachineAccessSettings,
  type MachineGrant,
} from './machine-access.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * In a signed-in scope, the client record linked to the signed-in identity, resolved once per request;
     * null when the identity is not linked yet (and everywhere outside those scopes).
     */
    linkedClient: LinkedClient | null;
    /** In the integration scope, what the calling machine client is granted (decision 0105); else null. */
    machineGrant: MachineGrant | null;
  }
  interface FastifyContextConfig {
    /**
     * 'read-by-route': a hot client-owned read that finds the linked client in its own statement (one
     * round trip instead of two, decision 0037). The scope leaves `linkedClient` null for it, so
     * `linkedClientOf` answers 403; the route answers `clientNotLinked()` when its statement finds no client.
     */
    linkedClient?: 'read-by-route';
    /**
     * On every integration route: the kind of write or read it is (decision 0105). A caller whose grant
     * lacks it is refused (403 kind_not_allowed) before the body is read.
     */
    integrationKind?: MachineGrantKind;
  }
}

/** The answer of a client-owned route to a signed-in identity not linked to a client record. */
export const clientNotLinked = () => forbidden('Link your account to your practice to see this.');

export type RoutePlugin = FastifyPluginCallbackZod | FastifyPluginAsyncZod;

export interface ScopeOptions {
  routes: readonly RoutePlugin[];
}

/**
 * Every route is registered inside exactly one access scope, which owns what the routes of that access
 * have in common: the sign-in check, the linked client, the OpenAPI `security` entry and the error
 * responses. A route file holds only what is particular to it.
 */
export const publicScope: FastifyPluginAsync<ScopeOptions> = async (scope, { routes }) => {
  // Says explicitly in the OpenAPI document that no credentials are needed.
  scope.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [] };
  });
  for (const plugin of routes) await scope.register(plugin);
};

export interface SignedInScopeOptions extends ScopeOptions {
  /**
   * Client-owned routes: the identity must be linked to a client record (activation COMPLETED), else
   * 403. Without it the routes serve a signed-in identity that is not linked yet (profile, onboarding).
   */
  requireLinkedClient: boolean;
}

export const signedInScope: FastifyPluginAsync<SignedInScopeOptions> = async (
  scope,
  { routes, requireLinkedClient },
) => {
  const clients = createLinkedClientLookup(scope.db);
  const findLinkedClient = async (request: FastifyRequest) => {
    request.linkedClient = (await clients.findLinkedClient(identityOf(request))) ?? null;
    if (requireLinkedClient && !request.linkedClient) throw clientNotLinked();
  };

  scope.decorateRequest('linkedClient', null);
  scope.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ bearerAuth: [] }] };
    addResponses(route, {
      401: apiErrorSchema,
      ...(requireLinkedClient ? { 403: apiErrorSchema } : {}),
      503: apiErrorSchema,
    });
    // A route's own hooks run after its scope's, so after the sign-in check. Only the routes that need
    // it get the lookup: the hot reads pass no hook for it.
    const own = [route.onRequest ?? []].flat();
    if (route.config?.linkedClient !== 'read-by-route' && !own.includes(findLinkedClient))
      route.onRequest = [...own, findLinkedClient];
  });
  // onRequest: before the body is read, so an anonymous caller learns nothing from validation errors.
  scope.addHook('onRequest', scope.requireAuth);

  for (const plugin of routes) await scope.register(plugin);
};

/** The grant of the machine calling an integration route; a route outside the scope answers 401. */
export function machineGrantOf(request: FastifyRequest): MachineGrant {
  if (!request.machineGrant) throw unauthorized();
  return request.machineGrant;
}

/**
 * The client record of a client-owned route. Every client-owned query is scoped by its id, so no request
 * reaches another client's records; a route outside the client scope answers 403, never someone's data.
 */
export function linkedClientOf(request: FastifyRequest): LinkedClient {
  if (!request.linkedClient) throw clientNotLinked();
  return request.linkedClient;
}

export interface IntegrationScopeOptions extends ScopeOptions {
  /** Which machines, with which scope, may call these routes (config.integration). */
  access: MachineAccessSettings;
  /** Requests per minute per caller address: a practice system's traffic, not a person's. */
  rateLimitMax: number;
}

/**
 * The integration API (decision 0062): only a practice system's token (client credentials) of a client the
 * config names, carrying the configured scope. A person's token answers 403, none 401. The routes share
 * one OpenAPI tag and the OAuth 2.0 client-credentials security scheme.
 */
export const integrationScope: FastifyPluginAsync<IntegrationScopeOptions> = async (
  scope,
  { routes, access, rateLimitMax },
) => {
  scope.decorateRequest('machineGrant', null);
  // Its bodies are JSON only (docs/integration-errors.md: anything else is 415 unsupported_media_type).
  // Fastify's default text/plain parser would hand a route a string, which its schema then refused as a
  // 400 invalid_request, while every other type met no parser and answered the documented 415.
  scope.removeContentTypeParser('text/plain');
  scope.addHook('onRoute', (route) => {
    route.schema = {
      ...route.schema,
      tags: [INTEGRATION_TAG],
      security: [{ [PRACTICE_SYSTEM_SECURITY]: [access.scope] }],
    };
    // A count of their own: a practice system's requests and a person's never share one.
    route.config = {
      ...route.config,
      addressRateLimitMax: rateLimitMax,
      addressRateLimitGroup: 'integration:',
    };
    addResponses(route, { 401: apiErrorSchema, 403: apiErrorSchema, 503: apiErrorSchema });
  });
  scope.addHook('onRequest', scope.requireMachineCaller);
  scope.addHook('onRequest', async (request, reply) => {
    const caller = machineCallerOf(request);
    const refusal = machineAccessRefusal(caller, access);
    if (refusal === undefined) {
      request.machineGrant = grantOf(caller.clientId, access) ?? null;
      // A route that names no kind is refused to every grant (closed by default); an unknown path goes on to 404.
      const kind = request.is404 ? undefined : request.routeOptions.config.integrationKind;
      if (!request.is404 && (kind === undefined || !request.machineGrant?.kinds.includes(kind))) {
        request.log.info({ authRefusal: 'kindNotAllowed' }, 'machine caller refused');
        throw forbidden(machineRefusals.kindNotAllowed, machineRefusalCodes.kindNotAllowed);
      }
      return;
    }
    request.log.info({ authRefusal: refusal }, 'machine caller refused');
    // RFC 6750 3.1: the token is good but lacks the scope; say which one would do.
    if (refusal === 'missingScope')
      reply.header('www-authenticate', `Bearer error="insufficient_scope", scope="${access.scope}"`);
    throw forbidden(machineRefusals[refusal], machineRefusalCodes[refusal]);
  });
  // An unknown path under the prefix answers inside the scope: its hooks (a machine's token first) and
  // its error codes apply, so nobody without a token learns which routes exist.
  scope.setNotFoundHandler({ preHandler: scope.rateLimit() }, answerUnknownRoute);
  for (const plugin of routes) await scope.register(plugin);
};
