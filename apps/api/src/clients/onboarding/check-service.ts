import type { SignupCheckResponse } from '@vet/contracts/onboarding';
import { emailKey, lastNameKey, postcodeKey } from '@vet/db/normalise';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest } from '../../platform/index.ts';
import type { BudgetKeeper } from './budgets.ts';
import type { CandidatesRepository, CheckPractice } from './candidates-repository.ts';
import type { Binding, CodeSender } from './code-sender.ts';
import type { LinkStageRepository } from './link-stage-repository.ts';
import { maskEmail, maskPostcode } from './masking.ts';
import { forAnonymousCaller, matchClient, type MatchInput } from './match-client.ts';

/**
 * Every check answers after at least this long, whatever it found: the work behind a match (a code row
 * and an e-mail) must not show in the response time (R6.8). Well above what that work takes.
 */
export const CHECK_MIN_DURATION_MS = 300;

export interface CheckInput {
  lastName: string;
  /** Null for GET /signup-v2/check, which has no postcode. */
  postcode: string | null;
  email: string;
  practiceId: number;
}

export interface CheckDependencies {
  candidates: CandidatesRepository;
  codes: CodeSender;
  budgets: BudgetKeeper;
  /** Signed in, a check records ContactPractice as the identity's link stage (decision 0077). */
  stages?: LinkStageRepository;
  log: FastifyBaseLogger;
}

const practiceIssue = 'Choose one of the practices listed.';

/**
 * The pre-signup check (R4.16), anonymous or signed in. The answer has one shape whatever matched, shows
 * only masked data of the matched record, names the chosen practice (never the matched record's) and
 * takes at least CHECK_MIN_DURATION_MS. Signed in, it answers in full; anonymously, only VerifyClient is
 * told apart from NewClient (decision 0056). Each check is taken from its budgets before anything is
 * matched: per last name and postcode, per identity, and across the portal.
 */
export async function runCheck(
  dependencies: CheckDependencies,
  input: CheckInput,
  binding: Binding,
  now: Date = new Date(),
): Promise<SignupCheckResponse> {
  const startedAt = performance.now();
  try {
    const practice = await dependencies.candidates.findPractice(input.practiceId);
    if (!practice) throw badRequest(practiceIssue, [{ path: 'PracticeId', message: practiceIssue }]);
    return await answer(dependencies, input, binding, practice, now);
  } finally {
    await padTo(startedAt, CHECK_MIN_DURATION_MS);
  }
}

async function answer(
  { candidates, codes, budgets, stages, log }: CheckDependencies,
  input: CheckInput,
  binding: Binding,
  practice: CheckPractice,
  now: Date,
): Promise<SignupCheckResponse> {
  const base = {
    checkToken: null,
    maskedEmail: null,
    maskedPostcodes: [],
    practiceName: practice.name,
    practicePhone: practice.phone,
  };
  // A practice that takes no one online (e.g. a referrals centre): the check cannot be made there.
  if (!practice.isOnline) return { ...base, result: 'CheckFailed' };

  const keys: MatchInput = {
    lastNameKey: lastNameKey(input.lastName),
    postcodeKey: input.postcode === null ? null : postcodeKey(input.postcode),
    emailKey: emailKey(input.email),
  };
  await budgets.takeCheck({ ...keys, identity: binding.identity });
  try {
    const found = matchClient(keys, await candidates.findCandidates(keys));
    const match = binding.identity === null ? forAnonymousCaller(found) : found;
    if (binding.identity !== null && stages) {
      // The latest check is the person's word: ContactPractice is kept, any other answer replaces it.
      if (match.result === 'ContactPractice')
        await stages.record(binding.identity, 'contact_practice', practice.id, now);
      else await stages.forget(binding.identity);
    }
    switch (match.result) {
      case 'NewClient':
      case 'ContactPractice':
      case 'SignInClient':
        return { ...base, result: match.result };
      case 'VerifyClient':
        return {
          ...base,
          result: 'VerifyClient',
          checkToken: await codes.issueForCheck(match.client.clientId, binding, now),
        };
      case 'ChooseEmail':
        return {
          ...base,
          result: 'ChooseEmail',
          checkToken: await codes.offerForCheck(match.client.clientId, binding, 'email', now),
          maskedEmail: maskEmail(match.client.email ?? ''),
        };
      case 'ChoosePostcode':
        return {
          ...base,
          result: 'ChoosePostcode',
          checkToken: await codes.offerForCheck(match.client.clientId, binding, 'postcode', now),
          maskedPostcodes: match.client.postcodeKey === null ? [] : [maskPostcode(match.client.postcodeKey)],
        };
    }
  } catch (error) {
    // The check could not be completed (the database failed midway): say so rather than guess. Logged
    // without the inputs; the error serializer drops query parameters.
    log.error({ err: error }, 'pre-signup check failed');
    return { ...base, result: 'CheckFailed' };
  }
}

async function padTo(startedAt: number, minimumMs: number): Promise<void> {
  const remaining = minimumMs - (performance.now() - startedAt);
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
}
