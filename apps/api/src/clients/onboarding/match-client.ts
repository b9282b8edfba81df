import type { VerificationResult } from '@vet/contracts/onboarding';

/**
 * The pre-signup decision (R4.16) as pure code: what a check answers, given its normalised inputs (R5.8)
 * and the group's client records the repository found. No I/O here, so every branch is unit-tested.
 */
export interface MatchInput {
  lastNameKey: string;
  /** Null when the check has no postcode (GET /signup-v2/check): records match on last name and e-mail. */
  postcodeKey: string | null;
  emailKey: string;
}

/** What matching needs of a client record: its normalised keys and whether an identity is linked. */
export interface CandidateKeys {
  lastNameKey: string;
  postcodeKey: string | null;
  emailKey: string | null;
  linked: boolean;
}

export type Match<C extends CandidateKeys> =
  | { result: 'NewClient' | 'ContactPractice' | 'SignInClient' }
  | { result: 'VerifyClient' | 'ChooseEmail' | 'ChoosePostcode'; client: C };

/** The results that act on one client record (send a code, or offer where to send one). */
export type ClientMatchResult = Extract<
  VerificationResult,
  'VerifyClient' | 'ChooseEmail' | 'ChoosePostcode'
>;

function emailMatches(input: MatchInput, candidate: CandidateKeys): boolean {
  return candidate.emailKey !== null && candidate.emailKey === input.emailKey;
}

function postcodeMatches(input: MatchInput, candidate: CandidateKeys): boolean {
  return input.postcodeKey !== null && candidate.postcodeKey === input.postcodeKey;
}

/**
 * Candidates are the records whose last name matches and whose postcode or e-mail matches; the
 * repository pre-filters, and this filters again so the rule holds whatever it is given.
 *
 * Corners decided here (docs/decisions/0014-matching-and-verification.md):
 * - one record linked to an identity answers SignInClient whichever of postcode and e-mail matched;
 * - one unlinked record with no e-mail on file answers ContactPractice (no address to send a code to);
 * - name and e-mail match but the record has no postcode on file: VerifyClient (nothing to offer, and
 *   the code goes to the very address typed, which proves ownership on its own);
 * - without a postcode (v2), one record matching name and e-mail is VerifyClient (or SignInClient);
 * - several records answer ContactPractice, even if one of them matches all three.
 */
export function matchClient<C extends CandidateKeys>(input: MatchInput, candidates: readonly C[]): Match<C> {
  const matching = candidates.filter(
    (candidate) =>
      candidate.lastNameKey === input.lastNameKey &&
      (emailMatches(input, candidate) || postcodeMatches(input, candidate)),
  );
  const [client, ...others] = matching;
  if (!client) return { result: 'NewClient' };
  if (others.length > 0) return { result: 'ContactPractice' };
  if (client.linked) return { result: 'SignInClient' };
  if (client.emailKey === null) return { result: 'ContactPractice' };

  const email = emailMatches(input, client);
  const postcode = postcodeMatches(input, client);
  if (!email) return { result: 'ChooseEmail', client };
  if (postcode || input.postcodeKey === null || client.postcodeKey === null)
    return { result: 'VerifyClient', client };
  return { result: 'ChoosePostcode', client };
}

/**
 * What an anonymous caller is told (decision 0056). Anyone can check any last name and postcode from a
 * public register with a made-up e-mail, so the anonymous answer says nothing about a record or an account
 * unless the caller typed the e-mail on file: then it is VerifyClient, and the code goes to that very
 * address, where only its owner reads it. Everything else is told as NewClient, whose way on (signing up)
 * leads the person to the signed-in check, which answers in full to an identity with budgets of its own.
 */
export function forAnonymousCaller<C extends CandidateKeys>(match: Match<C>): Match<C> {
  return match.result === 'VerifyClient' ? match : { result: 'NewClient' };
}
