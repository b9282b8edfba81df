/** How a failed delivery is retried (decision 0067): back-off between attempts, and when to give up. */
export interface RetryPolicy {
  /** The wait after the first failure; it doubles with each further one. */
  baseMs: number;
  /** The longest wait between two attempts: an endpoint back up is heard from within this. */
  maxMs: number;
  /** How long after its first failure a delivery is retried before it is parked (three days). */
  giveUpAfterMs: number;
  /**
   * How long an endpoint may have only failures before it is disabled (decision 0139): checked as a
   * delivery of it is parked. Unset: five days, above the retry window so a weekend's outage never does.
   */
  disableEndpointAfterMs?: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  baseMs: 5000,
  maxMs: 10 * 60_000,
  giveUpAfterMs: 72 * 3600_000,
  disableEndpointAfterMs: 5 * 24 * 3600_000,
};

/** Beyond this many doublings every wait is the cap anyway (and 2 ** n stays finite). */
const maxDoublings = 40;

/**
 * The wait after `failedAttempts` failures: base · 2^(n−1), capped at maxMs, less up to a fifth at random
 * so that deliveries which failed together (an endpoint going down) do not all retry in the same instant.
 */
export function backOffMs(failedAttempts: number, policy: RetryPolicy, random = Math.random): number {
  const doublings = Math.min(Math.max(failedAttempts - 1, 0), maxDoublings);
  const capped = Math.min(policy.maxMs, policy.baseMs * 2 ** doublings);
  return Math.round(capped * (1 - 0.2 * random()));
}

export type AfterFailure = { park: true } | { park: false; nextAttemptAt: Date };

/**
 * What a failed attempt at `now` leads to. Retries go on until giveUpAfterMs has passed since the first
 * failure (`retryingSince`); the last one is made when the window closes rather than a back-off past it,
 * and a failure then parks the delivery.
 */
export function afterFailure(
  failure: { failedAttempts: number; retryingSince: Date; now: Date },
  policy: RetryPolicy,
  random = Math.random,
): AfterFailure {
  const windowEnds = failure.retryingSince.getTime() + policy.giveUpAfterMs;
  const now = failure.now.getTime();
  if (now >= windowEnds) return { park: true };
  const next = Math.min(now + backOffMs(failure.failedAttempts, policy, random), windowEnds);
  return { park: false, nextAttemptAt: new Date(next) };
}
