import type { ActivationStatus, ClientProfile } from '@vet/contracts/profile';
import type { Identity, LinkedClient } from '../../platform/index.ts';
import { isContactPreferencesUpdateDue } from './contact-preferences-due.ts';
import type { ClientsRepository } from './clients-repository.ts';

/**
 * The profile (R3.1) of the signed-in identity (R3.2, R3.3): linked to a
 * client record → COMPLETED with its details; a verification code out and unused → STARTED; else
 * NOT_STARTED. An identity never sees a record it is not linked to.
 */
export async function findClientProfile(
  clients: Pick<ClientsRepository, 'hasPendingVerification'>,
  identity: Identity,
  linkedClient: LinkedClient | null,
  now: Date = new Date(),
): Promise<ClientProfile> {
  if (linkedClient) return profileOfLinkedClient(linkedClient, now);
  const verifying = await clients.hasPendingVerification(identity, now);
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
