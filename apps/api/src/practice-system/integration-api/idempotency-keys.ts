import { createHash } from 'node:crypto';
import type { IntegrationErrorCode } from '@vet/contracts/integration-errors';
import {
  idempotencyHeadersSchema,
  idempotencyKeySchema,
  idempotentReplayedHeader,
} from '@vet/contracts/integration-writes';
import { apiErrorSchema } from '@vet/contracts/errors';
import {
  openSecret,
  sealedWith,
  sealSecret,
  SecretUnavailable,
  type SecretKeys,
} from '@vet/practice-events/secret-box';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ZodObject } from 'zod';
import { addResponses, conflict, serviceUnavailable, unprocessable } from '../../platform/index.ts';
import { createIdempotencyStore } from './idempotency-store.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request claimed (decision 0113), answered or released as it ends. */
    idempotencyClaim: { caller: string; key: string } | null;
  }
  interface FastifyContextConfig {
    /**
     * The route's answer holds a secret shown once (a webhook endpoint's): kept for the key's replays
     * sealed, bound to its caller and key, never in clear (decision 0139).
     */
    answerHoldsSecret?: boolean;
  }
}

export interface IdempotencyKeyOptions {
  /** WEBHOOK_SECRET_KEYS: what answers holding a secret are sealed with while kept. */
  secretKeys: SecretKeys;
}

const writeMethods = new Set(['PUT', 'POST', 'PATCH', 'DELETE']);
const isWrite = (method: RouteOptions['method']) => [method].flat().some((m) => writeMethods.has(m));

export const idempotencyRefusals = {
  reused: 'This Idempotency-Key was already used for another request: use a new key for a new write.',
  inUse: 'A request with this Idempotency-Key is still being answered: send it again shortly.',
  secretUnreadable:
    'The answer kept for this Idempotency-Key held a signing secret that can no longer be read: ' +
    'rotate the endpoint’s secret (POST /webhook-endpoints/{id}/rotate-secret) to get a new one.',
} as const;

/** What a kept answer is bound to: its caller's key, so it opens for no other row. */
const keptAnswerOf = (caller: string, key: string) => `integration-idempotency-key:${caller}:${key}`;

/** JSON with its keys sorted: the same body whatever order its fields were sent in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** What "the same request" is: method, path and query, If-Match, and the body. */
export function requestHashOf(request: FastifyRequest): string {
  const ifMatch = request.headers['if-match'] ?? null;
  return createHash('sha256')
    .update(canonical([request.method, request.url, ifMatch, request.body ?? null]))
    .digest('hex');
}

const etagHeader = (value: ReturnType<FastifyReply['getHeader']>) =>
  typeof value === 'string' ? value : null;

/**
 * An answer kept for the key's repeats: what the same request would be answered again. A conflict (409)
 * or a rate limit depends on the moment, and a 5xx on a fault: those let the key go, to be judged afresh.
 */
const keeps = (statusCode: number) => statusCode < 500 && statusCode !== 409 && statusCode !== 429;

/**
 * Idempotency-Key on every write of the integration API (decision 0113), with client bookings' meaning:
 * the same key and request again answers as the first time, the same key with another request is refused.
 * Registered around the integration scope, so the key is read after the caller is known (a preHandler).
 */
export function useIdempotencyKeys(app: FastifyInstance, options: IdempotencyKeyOptions): void {
  const store = createIdempotencyStore(app.db);
  const { secretKeys } = options;
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('onRoute', (route) => {
    if (!isWrite(route.method)) return;
    const headers = route.schema?.headers as ZodObject | undefined;
    route.schema = {
      ...route.schema,
      headers: headers ? headers.extend(idempotencyHeadersSchema.shape) : idempotencyHeadersSchema,
    };
    addResponses(route, { 409: apiErrorSchema, 422: apiErrorSchema });
    if (route.config?.answerHoldsSecret) addResponses(route, { 503: apiErrorSchema });
  });

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['idempotency-key'];
    // An unknown path answers 404 whatever its key: only a route's writes claim one.
    if (header === undefined || request.is404 || !writeMethods.has(request.method) || !request.machineGrant)
      return;
    const key = idempotencyKeySchema.parse(header);
    const caller = request.machineGrant.clientId;
    const hash = requestHashOf(request);
    const claim = await store.claim(caller, key, hash, new Date());
    if (claim.kind === 'claimed') {
      request.idempotencyClaim = { caller, key };
      return;
    }
    if (claim.requestHash !== hash)
      throw unprocessable(
        idempotencyRefusals.reused,
        undefined,
        'idempotency_key_reused' satisfies IntegrationErrorCode,
      );
    if (claim.kind === 'pending')
      throw conflict(idempotencyRefusals.inUse, 'idempotency_key_in_use' satisfies IntegrationErrorCode);
    const { statusCode, etag } = claim.answer;
    const body = openedAnswer(claim.answer.body, caller, key);
    if (etag !== null) reply.header('etag', etag);
    // A string is sent as it is: the first answer's exact bytes.
    return reply
      .code(statusCode)
      .header(idempotentReplayedHeader, 'true')
      .type('application/json; charset=utf-8')
      .send(body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    if (keeps(reply.statusCode) && typeof payload === 'string')
      await store.answer(claim.caller, claim.key, {
        statusCode: reply.statusCode,
        // A secret shown once is kept sealed, so a replay still answers it but the table never holds it.
        body: request.routeOptions.config.answerHoldsSecret
          ? sealSecret(secretKeys, payload, keptAnswerOf(claim.caller, claim.key))
          : payload,
        etag: etagHeader(reply.getHeader('etag')),
      });
    else await store.release(claim.caller, claim.key);
    return payload;
  });

  /** The kept answer as first sent: opened when sealed; 503 when its key is gone or it was moved. */
  function openedAnswer(body: string, caller: string, key: string): string {
    if (sealedWith(body) === undefined) return body;
    try {
      return openSecret(secretKeys, body, keptAnswerOf(caller, key));
    } catch (error) {
      if (error instanceof SecretUnavailable) throw serviceUnavailable(idempotencyRefusals.secretUnreadable);
      throw error;
    }
  }

  // A request that ends without an answer (the caller went away) lets its key go.
  app.addHook('onRequestAbort', async (request) => {
    const claim = request.idempotencyClaim;
    if (claim) await store.release(claim.caller, claim.key);
  });
}
