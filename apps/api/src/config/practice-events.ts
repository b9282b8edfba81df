import {
  allowedPrivateHostsExpected,
  noPrivateHosts,
  parseAllowedPrivateHosts,
  type AllowedPrivateHosts,
} from '@vet/practice-events/endpoint-address';
import type { DeliveryLimits } from '@vet/practice-events/webhook-delivery';
import { defaultRetryPolicy, type RetryPolicy } from '@vet/practice-events/retry-policy';
import {
  developmentSecretKeys,
  parseSecretKeys,
  secretKeysExpected,
  type SecretKeys,
} from '@vet/practice-events/secret-box';
import { z } from 'zod';
import { wholeNumber } from './values.ts';

/**
 * The event dispatcher's part of the API's environment (decision 0067): how one webhook is sent, how failures
 * are retried and for how long, and how many are sent at once. api-config.ts parses it with everything else,
 * so one message still names every bad variable.
 */

const timeoutBounds = [100, 120_000] as const;
const responseBounds = [1024, 10 * 1024 * 1024] as const;
const retryBounds = [10, 24 * 3600_000] as const;
const giveUpBounds = [1, 30 * 24] as const;
const disableBounds = [1, 30] as const;
const dayMs = 24 * 3600_000;
const concurrencyBounds = [1, 64] as const;

const practiceEventsEnvShape = {
  WEBHOOK_TIMEOUT_MS: wholeNumber(timeoutBounds).default(10_000),
  WEBHOOK_MAX_RESPONSE_BYTES: wholeNumber(responseBounds).default(65_536),
  WEBHOOK_RETRY_BASE_MS: wholeNumber(retryBounds).default(defaultRetryPolicy.baseMs),
  WEBHOOK_RETRY_MAX_MS: wholeNumber(retryBounds).default(defaultRetryPolicy.maxMs),
  WEBHOOK_GIVE_UP_AFTER_HOURS: wholeNumber(giveUpBounds).default(defaultRetryPolicy.giveUpAfterMs / 3600_000),
  WEBHOOK_DISABLE_AFTER_DAYS: wholeNumber(disableBounds).default(
    defaultRetryPolicy.disableEndpointAfterMs! / dayMs,
  ),
  WEBHOOK_CONCURRENCY: wholeNumber(concurrencyBounds).default(4),
  // Required in production (the production rule below); unset elsewhere: the development key.
  WEBHOOK_SECRET_KEYS: z
    .string()
    .transform((text, context) => {
      const parsed = parseSecretKeys(text);
      if (!('problem' in parsed)) return parsed;
      context.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    })
    .optional(),
  // Decision 0137: hosts on a private network that webhooks may go to, in any environment; unset: none.
  WEBHOOK_ALLOWED_PRIVATE_HOSTS: z
    .string()
    .transform((text, context) => {
      const parsed = parseAllowedPrivateHosts(text);
      if (!('problem' in parsed)) return parsed;
      context.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    })
    .optional(),
};

const range = ([min, max]: readonly [number, number]) => `from ${min} to ${max}`;

const practiceEventsEnvExpected: Record<keyof typeof practiceEventsEnvShape, string> = {
  WEBHOOK_TIMEOUT_MS: `a whole number of milliseconds one webhook may take, connecting to the end of the answer, ${range(timeoutBounds)}`,
  WEBHOOK_MAX_RESPONSE_BYTES: `a whole number of bytes of an endpoint's answer read at most (a longer answer is not a delivery), ${range(responseBounds)}`,
  WEBHOOK_RETRY_BASE_MS: `a whole number of milliseconds before the first retry (it doubles with each), ${range(retryBounds)}`,
  WEBHOOK_RETRY_MAX_MS: `a whole number of milliseconds between retries at most, ${range(retryBounds)}, no less than WEBHOOK_RETRY_BASE_MS`,
  WEBHOOK_GIVE_UP_AFTER_HOURS: `a whole number of hours a failing delivery is retried before it is parked, ${range(giveUpBounds)}`,
  WEBHOOK_DISABLE_AFTER_DAYS: `a whole number of days an endpoint may have only failures before the portal stops sending to it (decision 0139), ${range(disableBounds)}`,
  WEBHOOK_CONCURRENCY: `a whole number of webhooks each API instance sends at once, ${range(concurrencyBounds)}`,
  WEBHOOK_SECRET_KEYS: `${secretKeysExpected} (the endpoints' signing secrets are stored sealed with them, decision 0067); required in production; unset elsewhere: a development key`,
  WEBHOOK_ALLOWED_PRIVATE_HOSTS: `${allowedPrivateHostsExpected}: the hosts on a private network (loopback, private, link-local, …) that webhook endpoints may name and deliveries may dial, decision 0137; unset: none`,
};

export const practiceEventsSection = {
  shape: practiceEventsEnvShape,
  expected: practiceEventsEnvExpected,
  rules: [requireRetryCapAboveBase, requireSecretKeysInProduction],
};

type PracticeEventsEnv = z.output<z.ZodObject<typeof practiceEventsEnvShape>>;

export interface PracticeEventsConfig {
  limits: DeliveryLimits;
  retry: RetryPolicy;
  /** Webhooks this instance sends at once (each holds a connection of the dispatcher's own pool). */
  concurrency: number;
  /** Production sends to https:// endpoints only (the CLI refuses to add any other there). */
  requireHttps: boolean;
  /** What opens the endpoints' stored secrets. */
  secretKeys: SecretKeys;
  /**
   * The hosts that are not public and that endpoints may still name and deliveries dial (decision 0137);
   * every other address that is not public is refused, in every environment.
   */
  allowedPrivateHosts: AllowedPrivateHosts;
}

export function practiceEventsConfigOf(env: PracticeEventsEnv & { NODE_ENV: string }): PracticeEventsConfig {
  return {
    limits: { timeoutMs: env.WEBHOOK_TIMEOUT_MS, maxResponseBytes: env.WEBHOOK_MAX_RESPONSE_BYTES },
    retry: {
      baseMs: env.WEBHOOK_RETRY_BASE_MS,
      maxMs: env.WEBHOOK_RETRY_MAX_MS,
      giveUpAfterMs: env.WEBHOOK_GIVE_UP_AFTER_HOURS * 3600_000,
      disableEndpointAfterMs: env.WEBHOOK_DISABLE_AFTER_DAYS * dayMs,
    },
    concurrency: env.WEBHOOK_CONCURRENCY,
    requireHttps: env.NODE_ENV === 'production',
    secretKeys: env.WEBHOOK_SECRET_KEYS ?? developmentSecretKeys,
    allowedPrivateHosts: env.WEBHOOK_ALLOWED_PRIVATE_HOSTS ?? noPrivateHosts,
  };
}

/** A production database's endpoint secrets are sealed with a key of its own, never the development one. */
function requireSecretKeysInProduction(
  env: { NODE_ENV: string; WEBHOOK_SECRET_KEYS?: unknown },
  context: z.RefinementCtx,
) {
  if (env.NODE_ENV === 'production' && env.WEBHOOK_SECRET_KEYS === undefined)
    context.addIssue({ code: 'custom', path: ['WEBHOOK_SECRET_KEYS'], message: 'required in production' });
}

/** The cap on the wait between retries cannot be below the first wait. */
function requireRetryCapAboveBase(env: PracticeEventsEnv, context: z.RefinementCtx) {
  const { WEBHOOK_RETRY_BASE_MS: base, WEBHOOK_RETRY_MAX_MS: max } = env;
  // Checked even when other values are bad (section.ts's `when`): only two numbers can be compared.
  if (typeof base === 'number' && typeof max === 'number' && max < base)
    context.addIssue({ code: 'custom', path: ['WEBHOOK_RETRY_MAX_MS'], message: 'below the base' });
}
