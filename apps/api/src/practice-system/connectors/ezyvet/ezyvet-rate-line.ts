import type { RateWindows } from './ezyvet-rate-window.ts';

interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

interface Waiter {
  endpoint: string;
  at: number;
  wake: () => void;
}

/**
 * The connection's requests waiting on the rate windows (decision 0116): one line, one sleep. Several
 * kinds read at once (ezyvet-read-ahead.ts); each sleeping on its own, the one whose endpoint is spent for
 * a minute holds nobody in real time, but a clock that skips waits (the tests', the bench's) jumps to its
 * end and every other endpoint's free slots in between are lost. Here a request that cannot go now joins
 * the line with the moment it could; once the requests in flight have answered (their next pages may be
 * able to go sooner than anyone waiting), the line sleeps until the earliest such moment, and everyone
 * looks again. A request that can go at once never waits in the line.
 */
export class RateLine {
  private readonly waiting = new Set<Waiter>();
  private inFlight = 0;
  private drained: (() => void) | null = null;
  private pumping = false;
  /** Ends the line's sleep when a request joins that could go before it ends. */
  private sleep: { until: number; stop: AbortController } | null = null;

  constructor(
    private readonly windows: RateWindows,
    private readonly clock: Clock,
  ) {}

  /**
   * Waits until one more request to `endpoint` keeps within the windows, then counts it as sent. Throws
   * what `tooLong` makes of a wait longer than `maxWaitMs` (the caller's to report, not to sleep through).
   * Returns what to call once the vendor has answered (RateWindows.record).
   */
  async take(endpoint: string, maxWaitMs: number, tooLong: (waitMs: number) => Error, signal?: AbortSignal) {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.clock.now();
      const wait = this.windows.waitFor(endpoint, now);
      if (wait <= 0) break;
      if (wait > maxWaitMs) throw tooLong(wait);
      await this.until(endpoint, now + wait, signal);
    }
    return this.windows.record(endpoint, this.clock.now());
  }

  /** Around every exchange: the line does not sleep while an answer could bring an earlier request. */
  async sending<T>(exchange: () => Promise<T>): Promise<T> {
    this.inFlight += 1;
    try {
      return await exchange();
    } finally {
      this.inFlight -= 1;
      if (this.inFlight === 0) this.drained?.();
    }
  }

  private until(endpoint: string, at: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        endpoint,
        at,
        wake: () => {
          signal?.removeEventListener('abort', abort);
          resolve();
        },
      };
      const abort = () => {
        this.waiting.delete(waiter);
        reject(signal!.reason as Error);
      };
      signal?.addEventListener('abort', abort, { once: true });
      this.waiting.add(waiter);
      if (this.sleep && at < this.sleep.until) this.sleep.stop.abort();
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.waiting.size > 0) {
        await this.settled();
        if (this.waiting.size === 0) break;
        const until = Math.min(...[...this.waiting].map((waiter) => waiter.at));
        const stop = new AbortController();
        this.sleep = { until, stop };
        try {
          await this.clock.sleep(Math.max(0, until - this.clock.now()), stop.signal);
        } catch {
          // Cut short for an earlier request: plan again.
        } finally {
          this.sleep = null;
        }
        const now = this.clock.now();
        // Those due go in turn, the endpoint with the most pages left first (then the least used in its
        // window): the longest kinds keep their own limit's pace from the start, so none is left alone at
        // the end, held to its own 60 a minute while the database's slots go unused (decision 0116).
        const due = [...this.waiting]
          .filter((waiter) => waiter.at <= now)
          .sort((a, b) => this.before(a.endpoint, b.endpoint, now));
        for (const waiter of due) {
          this.waiting.delete(waiter);
          waiter.wake();
        }
      }
    } finally {
      this.pumping = false;
    }
  }

  private before(a: string, b: string, now: number): number {
    const left = this.windows.pagesLeftOf(b) - this.windows.pagesLeftOf(a);
    if (left !== 0 && !Number.isNaN(left)) return left;
    return this.windows.used(a, now) - this.windows.used(b, now);
  }

  /** No answer outstanding, and whatever the last one set going has had its turn to join the line. */
  private async settled(): Promise<void> {
    for (;;) {
      if (this.inFlight > 0) await new Promise<void>((resolve) => (this.drained = resolve));
      this.drained = null;
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (this.inFlight === 0) return;
    }
  }
}
