import type { ClientProfile } from '@vet/contracts/profile';
import type { Database } from '@vet/db/connection';
import { invitationCodeHash } from '@vet/db/invitation-code';
import { lastNameKey } from '@vet/db/normalise';
import { type Identity, type LinkedClientLookup, badRequest } from '../../platform/index.ts';
import { identityAlreadyLinked, recordAlreadyLinked } from './link-conflicts.ts';
import { isIdentityTaken, type LinkRepository } from './link-repository.ts';
import { linkedProfile } from './linked-profile.ts';
import type { VerificationRepository } from './verification-repository.ts';

export interface ActivateDependencies {
  db: Database;
  links: LinkRepository;
  verification: Pick<VerificationRepository, 'expireMoot'>;
  clients: LinkedClientLookup;
}

const invitationProblem = (message: string) => badRequest(message, [{ path: 'registrationCode', message }]);

/**
 * Unknown code and wrong last name answer alike, so the endpoint confirms neither that a code exists nor
 * whose it is; only someone holding both learns that it expired or was used.
 */
const NOT_VALID =
  'This invitation code does not match that last name. Check the code and the last name in your invitation, ' +
  'or ask your practice for a new invitation.';
const EXPIRED = 'This invitation has expired. Please ask your practice for a new invitation.';
const USED =
  'This invitation has already been used. Sign in with the account it was used for, or ask your practice ' +
  'for a new invitation.';

/**
 * PATCH /client/activate (R4.18): a practice's invitation links the signed-in identity to the invited
 * client record. Single use, valid 30 days; the last name must match the record's (R5.8 normal form).
 */
export async function activateInvitation(
  { db, links, verification, clients }: ActivateDependencies,
  identity: Identity,
  request: { registrationCode: string; lastName: string },
  now: Date = new Date(),
): Promise<ClientProfile> {
  try {
    await db.transaction(async (tx) => {
      await links.takeIdentity(tx, identity);
      const invitation = await links.findInvitation(tx, invitationCodeHash(request.registrationCode));
      const client = invitation && (await links.lockClient(tx, invitation.clientId));
      if (!invitation || !client || client.lastNameKey !== lastNameKey(request.lastName))
        throw invitationProblem(NOT_VALID);
      if (invitation.usedAt !== null) throw invitationProblem(USED);
      if (invitation.expiresAt.getTime() <= now.getTime()) throw invitationProblem(EXPIRED);
      if (client.linked || !(await links.link(tx, client.clientId, identity, now)))
        throw recordAlreadyLinked();
      await links.useInvitation(tx, invitation.id, now);
      await verification.expireMoot(tx, client.clientId, identity, now);
    });
  } catch (error) {
    if (isIdentityTaken(error)) throw identityAlreadyLinked();
    throw error;
  }
  return linkedProfile(clients, identity, now);
}
