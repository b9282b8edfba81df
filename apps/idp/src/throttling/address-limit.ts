import type { AttemptCounters } from './attempt-counters.ts';

export interface AddressLimitPolicy {
  limit: number;
  windowMs: number;
}

/**
 * Requests per client address (sign-up, "Forgot your password?"), whatever the e-mail, counted in the
 * database like the sign-in throttle: it says nothing about any account, and holds across instances.
 */
export class AddressLimit {
  constructor(
    private readonly counters: AttemptCounters,
    private readonly scope: string,
    private readonly policy: AddressLimitPolicy,
  ) {}

  /** Counts this request; false when the address has already had its share of the window. */
  async allow(address: string | undefined): Promise<boolean> {
    const key = { scope: this.scope, key: address ?? 'unknown' };
    const counts = await this.counters.counts([key]);
    if ((counts.get(this.scope) ?? 0) >= this.policy.limit) return false;
    await this.counters.add([key], this.policy.windowMs);
    return true;
  }
}
