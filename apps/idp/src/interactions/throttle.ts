import { emailKey } from '@vet/db/normalise';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Wait 15 minutes, then try again.';

export interface ThrottleOptions {
  limit: number;
  windowMs: number;
  now?: () => number;
}

/**
 * Counts failures per key (client address + e-mail) in a sliding window, in memory: enough for the
 * single-process embedded provider that only local runs and tests use.
 */
export class FailureThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(options: ThrottleOptions = { limit: 10, windowMs: 15 * 60_000 }) {
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.now = options.now ?? Date.now;
  }

  isBlocked(key: string): boolean {
    return this.recent(key).length >= this.limit;
  }

  recordFailure(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    this.failures.set(key, recent);
    if (this.failures.size > 10_000) this.prune();
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.failures.get(key) ?? []).filter((at) => at > since);
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) {
      if (this.recent(key).length === 0) this.failures.delete(key);
    }
  }
}

export function throttleKey(address: string | undefined, email: string): string {
  return `${address ?? 'unknown'}\n${emailKey(email)}`;
}
