import type { ActivationStatus, ClientProfile } from '@vet/contracts/profile';
import type { Identity } from '../auth/access-token-verifier.ts';
import { isContactPreferencesUpdateDue } from './contact-preferences-due.ts';
import type { LinkedClient, ProfileRepository } from './profile-repository.ts';

/**
 * The spec 3 profile of the signed-in identity (product.md, "Identity and activation"): linked to a
 * client record → COMPLETED with its details; a verification code out and unused → STARTED; else
 * NOT_STARTED. An identity never sees a record it is not linked to.
 */
export async function findClientProfile(
  profiles: Pick<ProfileRepository, 'findLinkedClient' | 'hasPendingVerification'>,
  identity: Identity,
  now: Date = new Date(),
): Promise<ClientProfile> {
  const client = await profiles.findLinkedClient(identity);
  if (client) return profileOfLinkedClient(client, now);
  const verifying = await profiles.hasPendingVerification(identity, now);
  return profileOfUnlinkedIdentity(verifying ? 'STARTED' : 'NOT_STARTED');
}

export function profileOfLinkedClient(client: LinkedClient, now: Date): ClientProfile {
  return {
    success: true,
    clientId: client.clientId,
    firstName: client.firstName,
    lastName: client.lastName,
    email: client.email,
    homePracticeId: client.homePracticeId,
    homePracticeName: client.homePracticeName,
    homePracticePhone: client.homePracticePhone,
    requireContactPreferencesUpdate: isContactPreferencesUpdateDue(client.contactPreferencesConfirmedAt, now),
    activationStatus: 'COMPLETED',
    isAppointmentBookingAndPetRegistrationAllowed: client.onlineBookingAllowed,
  };
}

/** No client record yet: nothing to show and nothing allowed until activation completes. */
export function profileOfUnlinkedIdentity(
  activationStatus: Exclude<ActivationStatus, 'COMPLETED'>,
): ClientProfile {
  return {
    success: true,
    clientId: null,
    firstName: null,
    lastName: null,
    email: null,
    homePracticeId: null,
    homePracticeName: null,
    homePracticePhone: null,
    requireContactPreferencesUpdate: false,
    activationStatus,
    isAppointmentBookingAndPetRegistrationAllowed: false,
  };
}
