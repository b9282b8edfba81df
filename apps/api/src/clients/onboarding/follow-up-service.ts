import { type Identity, badRequest } from '../../platform/index.ts';
import { identityOfRow, type CodeSender } from './code-sender.ts';
import { checkTokenHash } from './verification-code.ts';
import type { CodeRow, VerificationRepository } from './verification-repository.ts';

const checkExpired = () =>
  badRequest('This check has expired. Please enter your details again.', [
    { path: 'checkToken', message: 'This check has expired. Please enter your details again.' },
  ]);

/** An offer nobody confirmed within its 30 minutes has lapsed; a sent code can always be sent anew. */
function lapsed(row: CodeRow, now: Date): boolean {
  return row.sendCount === 0 && row.expiresAt.getTime() <= now.getTime();
}

function sameIdentity(a: Identity | null, b: Identity): boolean {
  return a !== null && a.issuer === b.issuer && a.subject === b.subject;
}

/**
 * What follows a check: resending a code (a new one, R4.17) and confirming a ChooseEmail/ChoosePostcode
 * offer (its first code). The check token is the caller's proof that they made the check; a token bound
 * to an identity serves that identity only.
 */
export function createFollowUpService(repository: VerificationRepository, codes: CodeSender) {
  return {
    /**
     * POST /pre-signup/resend: a new code for the anonymous check's token (VerifyClient, whose code goes
     * to the very address the caller typed). Never the first code of a ChooseEmail/ChoosePostcode offer:
     * an anonymous caller has proven nothing about that record (decision 0056; anonymous checks make no
     * offers any more, and one made before is refused like an unknown token).
     */
    async resendForCheck(checkToken: string, now: Date): Promise<void> {
      const row = await repository.findByCheckToken(checkTokenHash(checkToken));
      const unconfirmedOffer = row !== undefined && row.offer !== null && row.sendCount === 0;
      if (!row || identityOfRow(row) !== null || unconfirmedOffer || lapsed(row, now)) throw checkExpired();
      await codes.send(row, now);
    },

    /** POST /signup/resend: the identity's newest verification. */
    async resendForIdentity(identity: Identity, now: Date): Promise<void> {
      const row = await repository.findLatestForIdentity(identity);
      if (!row || lapsed(row, now))
        throw badRequest('There is no verification under way. Please enter your details first.');
      await codes.send(row, now);
    },

    /** POST /signup-v2/complete-signup: confirms this identity's offer; already sent is fine (a retry). */
    async confirmOffer(identity: Identity, checkToken: string, now: Date): Promise<void> {
      const row = await repository.findByCheckToken(checkTokenHash(checkToken));
      if (!row || !sameIdentity(identityOfRow(row), identity) || lapsed(row, now)) throw checkExpired();
      if (row.sendCount === 0) await codes.send(row, now);
    },
  };
}
