import type { SignupCheckResponse, VerificationResult } from '@vet/contracts/onboarding';

/**
 * Where each result of the pre-signup check (R4.16) takes the person. The original's branching is not
 * shown (spec 4, "Other flows"); this is ours: the shortest honest path to a linked account.
 */
export type CheckStep =
  /** VerifyClient: a code went to the address on file; next, typing it in at /verified. */
  | { kind: 'code-sent' }
  /** ChooseEmail: offer to send the code to the masked address on file instead. */
  | { kind: 'confirm-email'; checkToken: string; maskedEmail: string }
  /** ChoosePostcode: ask whether the masked postcode(s) on file are theirs. */
  | { kind: 'confirm-postcode'; checkToken: string; maskedPostcodes: string[] }
  /** SignInClient: the record already belongs to another account; sign in with that one. */
  | { kind: 'linked-elsewhere' }
  /** ContactPractice: ambiguous, or nothing to send a code to: the practice sorts it out. */
  | { kind: 'contact-practice' }
  /** NewClient: no record; register as a new client of the chosen practice. */
  | { kind: 'new-client'; href: string }
  /** CheckFailed, or the call itself failed (R8.5). */
  | { kind: 'failed' };

export function checkStep(response: SignupCheckResponse, practiceId: number): CheckStep {
  const { result, checkToken, maskedEmail, maskedPostcodes } = response;
  switch (result) {
    case 'VerifyClient':
      return { kind: 'code-sent' };
    case 'ChooseEmail':
      // Without a token or an address to offer there is nothing to confirm: the practice can help.
      return checkToken && maskedEmail
        ? { kind: 'confirm-email', checkToken, maskedEmail }
        : { kind: 'contact-practice' };
    case 'ChoosePostcode':
      return checkToken && maskedPostcodes.length > 0
        ? { kind: 'confirm-postcode', checkToken, maskedPostcodes }
        : { kind: 'contact-practice' };
    case 'SignInClient':
      return { kind: 'linked-elsewhere' };
    case 'ContactPractice':
      return { kind: 'contact-practice' };
    case 'NewClient':
      return { kind: 'new-client', href: newClientHref(practiceId) };
    case 'CheckFailed':
      return { kind: 'failed' };
  }
}

/** The new-client form, with the practice chosen in the check already selected. */
export function newClientHref(practiceId: number): string {
  return `/registration-new?${new URLSearchParams({ practice: String(practiceId) }).toString()}`;
}

/**
 * Client Matched (R1.7): true when the check found the one record this person can go on to link
 * (directly, after a confirmation, or by signing in with the account it belongs to); false when it
 * found none or could not tell which. A failed check matched nothing worth reporting: undefined.
 */
export function clientMatched(result: VerificationResult): boolean | undefined {
  switch (result) {
    case 'VerifyClient':
    case 'ChooseEmail':
    case 'ChoosePostcode':
    case 'SignInClient':
      return true;
    case 'NewClient':
    case 'ContactPractice':
      return false;
    case 'CheckFailed':
      return undefined;
  }
}
