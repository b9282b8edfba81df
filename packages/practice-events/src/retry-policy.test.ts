import { describe, expect, it } from 'vitest';
import { afterFailure, backOffMs, type RetryPolicy } from './retry-policy.ts';

const policy: RetryPolicy = { baseMs: 1000, maxMs: 60_000, giveUpAfterMs: 3 * 24 * 3600_000 };
const noJitter = () => 0;
const mostJitter = () => 0.999_999;

describe('backOffMs', () => {
  it('doubles from the base with each failed attempt, up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50, 5000].map((n) => backOffMs(n, policy, noJitter))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('takes off at most a fifth at random, so instances that failed together spread out', () => {
    expect(backOffMs(3, policy, mostJitter)).toBe(3200);
    expect(backOffMs(3, policy, () => 0.5)).toBe(3600);
    expect(backOffMs(30, policy, mostJitter)).toBe(48_000);
  });
});

describe('afterFailure', () => {
  const start = new Date('2026-11-26T09:00:00Z');
  const at = (ms: number) => new Date(start.getTime() + ms);

  it('schedules the next attempt after the back-off while the window is open', () => {
    expect(afterFailure({ failedAttempts: 1, retryingSince: start, now: start }, policy, noJitter)).toEqual({
      park: false,
      nextAttemptAt: at(1000),
    });
    expect(
      afterFailure({ failedAttempts: 9, retryingSince: start, now: at(3600_000) }, policy, noJitter),
    ).toEqual({ park: false, nextAttemptAt: at(3660_000) });
  });

  it('makes the last attempt when the window closes, not after', () => {
    const nearlyOver = policy.giveUpAfterMs - 10_000;
    expect(
      afterFailure({ failedAttempts: 80, retryingSince: start, now: at(nearlyOver) }, policy, noJitter),
    ).toEqual({ park: false, nextAttemptAt: at(policy.giveUpAfterMs) });
  });

  it('parks the delivery once the window has passed since the retries began', () => {
    expect(
      afterFailure(
        { failedAttempts: 81, retryingSince: start, now: at(policy.giveUpAfterMs) },
        policy,
        noJitter,
      ),
    ).toEqual({ park: true });
    expect(
      afterFailure({ failedAttempts: 1, retryingSince: start, now: start }, { ...policy, giveUpAfterMs: 0 }),
    ).toEqual({ park: true });
  });
});
