import type { EzyvetClock } from '../ezyvet-http.ts';

/**
 * A clock the test moves: `sleep` moves it forward at once instead of waiting, so a test of a 429's reset
 * or a token's expiry runs in no wall time and never races. The stand-in and the connection share it.
 */
export interface ManualClock extends EzyvetClock {
  /** Moves the clock forward (a desk change "a minute later", a token's twelve hours). */
  advance(ms: number): void;
  /** Every sleep the connection asked for, in order (what it waited for a 429's reset). */
  readonly sleeps: number[];
}

export function createManualClock(startMs = Date.parse('2026-11-27T09:00:00Z')): ManualClock {
  let now = startMs;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleeps,
    advance(ms) {
      now += ms;
    },
    sleep(ms, signal) {
      signal?.throwIfAborted();
      sleeps.push(ms);
      now += Math.max(0, ms);
      return Promise.resolve();
    },
  };
}
