import { codeValidMinutes } from '@vet/contracts/verification';
import { defaultBudgets, type Budget } from '../budgets.ts';
import { SENDS_PER_DAY } from '../code-sender.ts';
import { onboardingLimits } from '../rate-limits.ts';
import { CODE_DIGITS } from '../verification-code.ts';
import { MAX_WRONG_TRIES } from '../verify-service.ts';

/**
 * What an attacker can harvest through onboarding, computed from the limits and budgets as implemented
 * (docs/security/enumeration-and-codes.md states the figures; harvest-rates.test.ts pins them, and
 * harvest.integration.test.ts drives the real API to show the budgets bind where this says).
 *
 * The attacker has `addresses` client addresses (each an IPv4 address or an IPv6 /64), as many e-mail
 * addresses and identities as they like (a catch-all domain; a verified account each), and checks each
 * (last name, postcode) of a public register once. Before decision 0056 only the per-address limits
 * bounded them; rates are per hour and per day, in steady state (a window's burst aside).
 */
export interface Attacker {
  addresses: number;
  /** Client records with an e-mail on file a code can be sent to (the targets of code guessing). */
  records: number;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const perDay = (budget: Pick<Budget, 'max' | 'windowMs'>) => (budget.max * DAY_MS) / budget.windowMs;
const rates = (dailyRate: number) => ({ perHour: dailyRate / 24, perDay: dailyRate });

/** (last name, postcode) pairs an attacker learns about: whether a client, whether an account, and more. */
export function enumerationRates(attacker: Attacker, checksPerHour: number) {
  const budgets = defaultBudgets(checksPerHour);
  // Every address's checks, anonymous and signed-in together (the per-e-mail limit does not bind: each
  // check has an e-mail of its own).
  const byAddresses = attacker.addresses * perDay(onboardingLimits.checksPerAddress);
  return {
    /** Every answer told client or not, account or not, and a masked e-mail or postcode district. */
    before: rates(byAddresses),
    after: {
      /** A made-up e-mail is answered NewClient whatever the register's pair holds: nothing to learn. */
      anonymous: rates(0),
      /** The full answers, for as many identities as it takes (10 checks each a day). */
      signedIn: rates(Math.min(byAddresses, perDay(budgets.checksAcrossPortal))),
      identitiesNeededPerDay:
        Math.min(byAddresses, perDay(budgets.checksAcrossPortal)) / perDay(budgets.checksPerIdentity),
    },
  };
}

/**
 * Strangers' records linked by guessing e-mailed codes: each try compared with one live code is right
 * with a chance of one in 10^6 (the codes are uniform), so records linked = tries / 10^6.
 */
export function codeGuessRates(attacker: Attacker) {
  const space = 10 ** CODE_DIGITS;
  // The budgets of tries; the argument sizes the check budgets, which play no part here.
  const budgets = defaultBudgets(120);
  // Before: each record took 5 tries on each of its 5 codes a day; each address 20 attempts in 10 minutes.
  const triesBefore = Math.min(
    attacker.addresses * perDay(onboardingLimits.attemptsPerAddress),
    attacker.records * MAX_WRONG_TRIES * SENDS_PER_DAY,
  );
  // After: the same per-address limit, each record's 10 tries in 30 days, and 60 an hour in all.
  const triesAfter = Math.min(
    attacker.addresses * perDay(onboardingLimits.attemptsPerAddress),
    attacker.records * perDay(budgets.triesPerRecord),
    perDay(budgets.triesAcrossPortal),
  );
  return {
    before: {
      triesPerDay: triesBefore,
      linkedPerDay: triesBefore / space,
      linkedPerYear: (365 * triesBefore) / space,
    },
    after: {
      triesPerDay: triesAfter,
      linkedPerDay: triesAfter / space,
      linkedPerYear: (365 * triesAfter) / space,
    },
    /** One chosen record: the most tries anyone gets, and the chance they link it, in a year. */
    oneRecordPerYear: {
      tries: 365 * perDay(budgets.triesPerRecord),
      chance: (365 * perDay(budgets.triesPerRecord)) / space,
    },
    codeValidMinutes,
  };
}
