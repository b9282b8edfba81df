import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../http/index.ts';

/**
 * Limits of particular calls on top of the global per-address limit (rate-limit.ts): onboarding's, the
 * guests' and booking's rules. These use `createRateLimit`, which counts and reports: `app.rateLimit()`
 * would do nothing here, because a request the global limit has already counted is skipped by every later
 * limiter of the plugin.
 */
export interface LimitRule {
  /** Namespaces the counter (shared by the routes that use the same rule). */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted; undefined skips the rule for this request. */
  key: (request: FastifyRequest) => string | undefined;
}

/** Personal data never becomes a counter's key as such: a key names a hash (the store may be Redis). */
export const hashedKey = (value: string) => createHash('sha256').update(value).digest('base64url');

/** A rule's key per signed-in identity (issuer and subject, hashed); none before sign-in. */
export const byIdentity = (request: FastifyRequest) =>
  request.identity ? hashedKey(`${request.identity.issuer} ${request.identity.subject}`) : undefined;

type Counter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * One counter per rule and app, whichever route plugins use the rule: each `createRateLimit` call has a
 * store of its own in memory. Keyed by the app's HTTP server, which all its plugin contexts share.
 */
const countersByApp = new WeakMap<object, Map<string, Counter>>();

function counterFor(app: FastifyInstance, rule: LimitRule): Counter {
  const counters = countersByApp.get(app.server) ?? new Map<string, Counter>();
  countersByApp.set(app.server, counters);
  const existing = counters.get(rule.name);
  if (existing) return existing;
  const counter = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `route-limit:${rule.name}:${rule.key(request) ?? ''}`,
  });
  counters.set(rule.name, counter);
  return counter;
}

/**
 * A preHandler applying the rules in order; the first one exceeded answers 429 in the error shape, with
 * Retry-After. Runs after validation, so the e-mail it hashes is a valid one.
 */
export function limitedBy(app: FastifyInstance, rules: readonly LimitRule[]) {
  const limiters = rules.map((rule) => ({ rule, count: counterFor(app, rule) }));
  return async (request: FastifyRequest, reply: { header: (name: string, value: string) => unknown }) => {
    for (const { rule, count } of limiters) {
      if (rule.key(request) === undefined) continue;
      const outcome = await count(request);
      if (outcome.isAllowed || !outcome.isExceeded) continue;
      reply.header('retry-after', String(outcome.ttlInSeconds));
      const minutes = Math.max(1, Math.ceil(outcome.ttlInSeconds / 60));
      throw tooManyRequests(
        `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
      );
    }
  };
}

/**
 * A limit on the failures of a caller (the integration API's refused tokens, security round three, finding
 * 12): `count` counts one when a request has failed; once a key is over `max`, `refuseWhileOver`, run
 * before any work, answers its requests 429 with Retry-After until the window ends. The count is the
 * store's (shared through Redis); which keys are over is held by each instance, which learns it from the
 * count it makes, so each lets at most one more failure through.
 */
export function failureLimit(app: FastifyInstance, rule: LimitRule) {
  const counter = counterFor(app, rule);
  const overUntil = new Map<string, number>();
  return {
    count: async (request: FastifyRequest): Promise<void> => {
      const key = rule.key(request);
      if (key === undefined) return;
      const outcome = await counter(request);
      if (!outcome.isAllowed && outcome.isExceeded)
        overUntil.set(key, Date.now() + outcome.ttlInSeconds * 1000);
    },
    refuseWhileOver: (
      request: FastifyRequest,
      reply: { header: (name: string, value: string) => unknown },
    ): Promise<void> => {
      const key = rule.key(request);
      const until = key === undefined ? undefined : overUntil.get(key);
      const seconds = until === undefined ? 0 : Math.ceil((until - Date.now()) / 1000);
      if (seconds <= 0) {
        if (key !== undefined) overUntil.delete(key);
        return Promise.resolve();
      }
      reply.header('retry-after', String(seconds));
      const minutes = Math.ceil(seconds / 60);
      return Promise.reject(
        tooManyRequests(
          `Too many refused requests. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
        ),
      );
    },
  };
}
