import { emailKey } from '@vet/db/normalise';
import type { AttemptCounters, CounterKey } from './attempt-counters.ts';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Wait 15 minutes, then try again.';

/** The limits of decision 0027; tests pass smaller ones. */
export interface SignInPolicy {
  /** Every count lives this long from its first failure. */
  windowMs: number;
  /** Failures for one account from one client address before that address is refused for that account. */
  perAccountAndAddress: number;
  /** Failures from one client address, whatever the accounts, before the address is refused for all. */
  perAddress: number;
  /** Failures for one account from all addresses before each further attempt on it is slowed down. */
  perAccount: number;
  /** The slowing down: never a refusal, so that no one can lock the owner out. */
  accountDelayMs: number;
}

export const SIGN_IN_POLICY: SignInPolicy = {
  windowMs: 15 * 60_000,
  perAccountAndAddress: 10,
  perAddress: 100,
  perAccount: 50,
  accountDelayMs: 2_000,
};

const SCOPE = {
  accountAndAddress: 'sign-in:account+address',
  address: 'sign-in:address',
  account: 'sign-in:account',
} as const;

export interface SignInAttempt {
  /** The client's address (undefined when the socket has none). */
  address: string | undefined;
  /** As typed: an unknown e-mail is counted exactly like a known one, so the counts tell nothing. */
  email: string;
}

export type SignInVerdict = { refused: true } | { refused: false; delayMs: number };

/**
 * Sign-in throttling that an attacker cannot turn against the account's owner (decision 0027): failures
 * are counted per account (its e-mail, known or not) and client address, per address, and per account.
 * An address that fails too often is refused for that account (or, past a higher count, for every
 * account); the owner signing in from their own address is not. Many failures for one account from
 * everywhere only slow its sign-ins down.
 */
export class SignInThrottle {
  constructor(
    private readonly counters: AttemptCounters,
    private readonly policy: SignInPolicy = SIGN_IN_POLICY,
  ) {}

  /** Asked before the password is checked: a refused attempt is not checked at all. */
  async verdict(attempt: SignInAttempt): Promise<SignInVerdict> {
    const counts = await this.counters.counts(keysOf(attempt));
    const count = (scope: string) => counts.get(scope) ?? 0;
    const { policy } = this;
    if (
      count(SCOPE.accountAndAddress) >= policy.perAccountAndAddress ||
      count(SCOPE.address) >= policy.perAddress
    ) {
      return { refused: true };
    }
    return { refused: false, delayMs: count(SCOPE.account) >= policy.perAccount ? policy.accountDelayMs : 0 };
  }

  async recordFailure(attempt: SignInAttempt): Promise<void> {
    await this.counters.add(keysOf(attempt), this.policy.windowMs);
  }

  /**
   * The address proved it knows the password: its count for this account starts again. Its count across
   * accounts does not, or an attacker could wipe it by signing in to an account of their own now and then;
   * nor does the account's, which only ever slows down.
   */
  async recordSuccess(attempt: SignInAttempt): Promise<void> {
    await this.counters.clear(keysOf(attempt).filter((key) => key.scope === SCOPE.accountAndAddress));
  }
}

function keysOf({ address, email }: SignInAttempt): CounterKey[] {
  const from = address ?? 'unknown';
  const account = emailKey(email);
  return [
    { scope: SCOPE.accountAndAddress, key: `${account}\n${from}` },
    { scope: SCOPE.address, key: from },
    { scope: SCOPE.account, key: account },
  ];
}
