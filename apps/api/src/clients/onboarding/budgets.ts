import type { Database } from '@vet/db/connection';
import { giveBackToCounters, takeFromCounters, type CounterUse } from '@vet/db/onboarding-counters';
import { type Identity, tooManyRequests } from '../../platform/index.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface Budget {
  max: number;
  windowMs: number;
}

/**
 * The onboarding budgets kept in PostgreSQL (decision 0056), on top of the per-address and per-e-mail
 * request limits (rate-limits.ts): they hold across instances and restarts, and the ones across the portal
 * bound what any number of addresses and identities can learn or guess together.
 */
export interface OnboardingBudgets {
  /** Checks of one last name and postcode, anonymous and signed in together. */
  checksPerNameAndPostcode: Budget;
  /** Checks of one signed-in identity. */
  checksPerIdentity: Budget;
  /** Checks across the portal: anonymous and signed-in checks each have a budget of this size. */
  checksAcrossPortal: Budget;
  /** Code tries (a wrong code against each code it could mean) per client record. */
  triesPerRecord: Budget;
  /** Wrong code tries across the portal. */
  triesAcrossPortal: Budget;
}

/** The defaults; `checksAcrossPortal.max` is ONBOARDING_CHECKS_PER_HOUR. */
export const defaultBudgets = (checksPerHour: number): OnboardingBudgets => ({
  checksPerNameAndPostcode: { max: 10, windowMs: DAY_MS },
  checksPerIdentity: { max: 10, windowMs: DAY_MS },
  checksAcrossPortal: { max: checksPerHour, windowMs: HOUR_MS },
  triesPerRecord: { max: 10, windowMs: 30 * DAY_MS },
  triesAcrossPortal: { max: 60, windowMs: HOUR_MS },
});

export interface BudgetSettings {
  budgets: OnboardingBudgets;
  /** Keeps one test's counts apart from the others' on a shared database ('' in production). */
  namespace: string;
}

const minutesOf = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
};

const busyWithChecks = (seconds: number) =>
  `We are answering too many checks right now. Please try again in ${minutesOf(seconds)}.`;

/** What each refusal says, by the budget's scope: none depends on what the check would have found. */
const refusals = {
  'check-name-postcode': () =>
    'These details have been checked too many times today. Please try again tomorrow, or call your practice.',
  'check-identity': () =>
    'You have checked your details too many times today. Please try again tomorrow, or call your practice.',
  'check-anonymous': busyWithChecks,
  'check-signed-in': busyWithChecks,
  'tries-record': () =>
    'Too many wrong codes have been tried for this record, so it cannot be linked with an e-mailed code ' +
    'for now. Please ask your practice for an invitation to link your account.',
  'tries-portal': (seconds: number) =>
    `Too many codes are being tried right now. Please try again in ${minutesOf(seconds)}.`,
} satisfies Record<string, (retryAfterSeconds: number) => string>;

type Scope = keyof typeof refusals;
const isScope = (scope: string): scope is Scope => scope in refusals;

/** Takes the uses from the budgets, or throws the first refusal as a 429 with Retry-After. */
export function createBudgetKeeper(db: Database, { budgets, namespace }: BudgetSettings) {
  const use = (scope: Scope, budget: Budget, key: string, amount = 1): CounterUse => ({
    scope: `${namespace}${scope}`,
    key,
    amount,
    ...budget,
  });

  async function take(uses: CounterUse[]): Promise<void> {
    const refusal = await takeFromCounters(db, uses);
    if (!refusal) return;
    const scope = refusal.scope.slice(namespace.length);
    if (!isScope(scope)) throw new Error('A refusal of a budget that was not taken.');
    throw tooManyRequests(refusals[scope](refusal.retryAfterSeconds), refusal.retryAfterSeconds);
  }

  const recordTries = (clientIds: readonly number[]) =>
    clientIds.map((clientId) => use('tries-record', budgets.triesPerRecord, String(clientId)));

  return {
    /**
     * One check, counted before anything is matched (so a refusal says nothing of what it would have
     * found): its last name and postcode, its identity when signed in, and the portal's anonymous or
     * signed-in checks.
     */
    takeCheck(check: { lastNameKey: string; postcodeKey: string | null; identity: Identity | null }) {
      const { lastNameKey, postcodeKey, identity } = check;
      return take([
        ...(postcodeKey === null
          ? []
          : [use('check-name-postcode', budgets.checksPerNameAndPostcode, `${lastNameKey}\n${postcodeKey}`)]),
        ...(identity
          ? [use('check-identity', budgets.checksPerIdentity, `${identity.issuer}\n${identity.subject}`)]
          : []),
        use(identity ? 'check-signed-in' : 'check-anonymous', budgets.checksAcrossPortal, ''),
      ]);
    },

    /**
     * One typed code tried against live codes, one per record in `clientIds` (a record may appear more
     * than once): a try for each record, and as many for the portal. Taken before the code is compared,
     * so parallel guesses cannot slip past.
     */
    takeTries(clientIds: readonly number[]) {
      return take([
        ...recordTries(clientIds),
        use('tries-portal', budgets.triesAcrossPortal, '', clientIds.length),
      ]);
    },

    /**
     * Tries that turned out not to be wrong ones: the right code's, and those of codes whose own tries
     * ran out meanwhile (nothing was compared with them).
     */
    giveBackTries(clientIds: readonly number[]) {
      if (clientIds.length === 0) return Promise.resolve();
      return giveBackToCounters(db, [
        ...recordTries(clientIds),
        use('tries-portal', budgets.triesAcrossPortal, '', clientIds.length),
      ]);
    },
  };
}

export type BudgetKeeper = ReturnType<typeof createBudgetKeeper>;
