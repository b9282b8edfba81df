/**
 * ezyVet's published limits (about 60 requests a minute per endpoint and 180 a minute per database:
 * https://developers.ezyvet.com/, decision 0107), kept on our side before the vendor has to say 429.
 *
 * Our own few lines rather than rate-limiter-flexible: that library reads the wall clock and sets its own
 * timers, while the connection's clock is injected (its tests move it instead of waiting). A sliding window
 * is stricter than the vendor's windows however they are aligned: no minute of theirs can hold more than
 * the limit of ours.
 */
export class RateWindows {
  private readonly sent = new Map<string, number[]>();
  private readonly blockedUntil = new Map<string, number>();
  private readonly pagesLeft = new Map<string, number>();

  constructor(
    private readonly limits: { perEndpoint: number; perDatabase: number },
    private readonly windowMs = 60_000,
  ) {}

  /** How long to wait before one more request to `endpoint` keeps within both limits (0: go now). */
  waitFor(endpoint: string, now: number): number {
    const waits = [
      this.windowWait(`endpoint ${endpoint}`, this.limits.perEndpoint, now),
      this.windowWait('database', this.limits.perDatabase, now),
      (this.blockedUntil.get(endpoint) ?? 0) - now,
      (this.blockedUntil.get('database') ?? 0) - now,
    ];
    return Math.max(0, ...waits);
  }

  /**
   * Counts a request sent now; call what it returns when the answer comes. The vendor stamps a request
   * when it arrives, somewhere between the two: counted from the answer, it leaves our window no sooner
   * than theirs, so a slot freed here is free there too (else the first request after a full window
   * can meet a 429).
   */
  record(endpoint: string, now: number): (answeredAt: number) => void {
    const stamps = [`endpoint ${endpoint}`, 'database'].map((key) => {
      const times = this.sent.get(key) ?? [];
      times.push(now);
      this.sent.set(key, times);
      return key;
    });
    return (answeredAt) => {
      for (const key of stamps) {
        const times = this.sent.get(key) ?? [];
        const at = times.lastIndexOf(now);
        if (at < 0) continue;
        times.splice(at, 1);
        // Kept in order: windowWait reads the limit-th latest.
        const after = times.findIndex((time) => time > answeredAt);
        times.splice(after < 0 ? times.length : after, 0, answeredAt);
      }
    };
  }

  /** The vendor said no more until then (x-ratelimit-remaining 0): for this endpoint, or 'database'. */
  block(endpoint: string, until: number): void {
    this.blockedUntil.set(endpoint, Math.max(until, this.blockedUntil.get(endpoint) ?? 0));
  }

  /** How many more pages a read of `endpoint` has to go, as its last answer said (ezyVet's meta). */
  backlog(endpoint: string, pages: number): void {
    this.pagesLeft.set(endpoint, pages);
  }

  /** Pages `endpoint` still has to read; unknown (never read, or a write's) counts as the most. */
  pagesLeftOf(endpoint: string): number {
    return this.pagesLeft.get(endpoint) ?? Number.POSITIVE_INFINITY;
  }

  /** Requests to `endpoint` in the window ending now. */
  used(endpoint: string, now: number): number {
    return (this.sent.get(`endpoint ${endpoint}`) ?? []).filter((time) => time > now - this.windowMs).length;
  }

  private windowWait(key: string, limit: number, now: number): number {
    const times = (this.sent.get(key) ?? []).filter((time) => time > now - this.windowMs);
    this.sent.set(key, times);
    if (times.length < limit) return 0;
    return times[times.length - limit]! + this.windowMs - now;
  }
}
