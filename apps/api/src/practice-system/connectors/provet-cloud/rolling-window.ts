/**
 * Requests counted over a rolling window, as Provet Cloud counts them: "a rolling 60-second window; after
 * 60 seconds has elapsed since making the API request, the request will no longer count towards your
 * limit" (https://developers.provetcloud.com/restapi/ratelimit.html). Hand-written rather than
 * rate-limiter-flexible: that library counts fixed windows on its own clock, and the connection and its
 * stand-in both need a rolling window on an injected clock (tests never sleep).
 */
export class RollingWindow {
  private readonly spent: { at: number; cost: number }[] = [];

  constructor(
    readonly limit: number,
    readonly windowMs = 60_000,
    /**
     * The caller's side keeps each request a little longer than the vendor does: the vendor counts it
     * when it arrives, after we sent it, so a slot freed at the same instant on both sides met 429s
     * (bench:connectors). Zero for the stand-in, which counts as the vendor does.
     */
    readonly marginMs = 0,
  ) {}

  private forget(now: number): void {
    const kept = this.windowMs + this.marginMs;
    while (this.spent.length > 0 && this.spent[0]!.at <= now - kept) this.spent.shift();
  }

  used(now: number): number {
    this.forget(now);
    return this.spent.reduce((sum, entry) => sum + entry.cost, 0);
  }

  /** Milliseconds until `cost` more fits in the window (0: it fits now). */
  waitFor(now: number, cost = 1): number {
    this.forget(now);
    let over = this.used(now) + cost - this.limit;
    if (over <= 0) return 0;
    for (const entry of this.spent) {
      over -= entry.cost;
      if (over <= 0) return entry.at + this.windowMs + this.marginMs - now;
    }
    return this.windowMs + this.marginMs;
  }

  take(now: number, cost = 1): void {
    this.spent.push({ at: now, cost });
  }
}

/** Time for the connection: real, or a test's, whose sleep moves its time on at once. */
export interface ConnectionClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: ConnectionClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(signal.reason as Error);
        },
        { once: true },
      );
    }),
};
