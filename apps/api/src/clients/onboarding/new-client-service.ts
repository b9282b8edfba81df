import type { NewClientBody } from '@vet/contracts/onboarding';
import type { ClientProfile } from '@vet/contracts/profile';
import type { Database } from '@vet/db/connection';
import { recordPracticeEvent } from '@vet/practice-events/record-events';
import { clientDetailsOf } from '../profile/index.ts';
import {
  type Identity,
  type LinkedClientLookup,
  badRequest,
  forbidden,
  type Issue,
} from '../../platform/index.ts';
import { identityAlreadyLinked } from './link-conflicts.ts';
import { isIdentityTaken, type LinkRepository } from './link-repository.ts';
import { linkedProfile } from './linked-profile.ts';
import type { NewClientRepository } from './new-client-repository.ts';
import { ukMobileNumber, ukPostcode } from '@vet/contracts/uk-contact-details';

export interface NewClientDependencies {
  db: Database;
  newClients: NewClientRepository;
  clients: LinkedClientLookup;
  links: Pick<LinkRepository, 'takeIdentity'>;
}

/** R8.7's words, so the form says what the practice-unavailable alert says. */
const REGISTRATION_UNAVAILABLE = 'Online registration is currently unavailable for this practice.';

export const NO_EMAIL_FROM_PROVIDER =
  'Your identity provider did not share your e-mail address, which a new client record needs. The provider ' +
  'must be set up to share it with the portal: please contact your practice.';

export const EMAIL_NOT_VERIFIED =
  'Your identity provider has not confirmed that this e-mail address is yours, which a new client record ' +
  'needs. Please confirm the address with your provider (it sends you a link or a code), sign out and in ' +
  'again, and try once more; or contact your practice.';

/**
 * POST /client/signup (R4.19): a new client record of the chosen practice, linked to the signed-in
 * identity, in one transaction with its contact preferences and the practice system's client.registered
 * event (the record as stored, so the practice can create its own); activation is then COMPLETED. The e-mail is
 * the identity's own, from its access token, never from the body, and only one the provider says it has
 * verified (`email_verified`): else anyone could open a client record under another person's address
 * (decision 0056).
 */
export async function registerNewClient(
  { db, newClients, clients, links }: NewClientDependencies,
  identity: Identity,
  body: NewClientBody,
  now: Date = new Date(),
): Promise<ClientProfile> {
  if (identity.email === undefined) throw badRequest(NO_EMAIL_FROM_PROVIDER);
  if (identity.emailVerified !== true) throw forbidden(EMAIL_NOT_VERIFIED);
  const email = identity.email;

  const issues: Issue[] = [];
  const mobilePhone = ukMobileNumber(body.mobilePhone);
  if (mobilePhone === null)
    issues.push({ path: 'mobilePhone', message: 'Enter a UK mobile number, such as 07400 123456.' });
  const postcode = ukPostcode(body.address.postcode);
  if (postcode === null)
    issues.push({ path: 'address.postcode', message: 'Enter a full UK postcode, such as SW1A 1AA.' });
  const practice = await newClients.findPractice(body.homePracticeId);
  if (!practice?.isOnline)
    issues.push({ path: 'homePracticeId', message: 'Choose one of the practices listed.' });
  else if (!practice.onlineRegistrationAvailable)
    issues.push({ path: 'homePracticeId', message: REGISTRATION_UNAVAILABLE });
  if (!(await newClients.salutationExists(body.salutationId)))
    issues.push({ path: 'salutationId', message: 'Choose a title from the list.' });
  if (mobilePhone === null || postcode === null || issues.length > 0)
    throw badRequest(
      issues.length === 1 ? issues[0]!.message : 'Some of your details need correcting.',
      issues,
    );

  try {
    await db.transaction(async (tx) => {
      await links.takeIdentity(tx, identity);
      const client = await newClients.insertClient(tx, {
        identity,
        salutationId: body.salutationId,
        firstName: body.firstName,
        lastName: body.lastName,
        email,
        mobilePhone,
        address: { ...body.address, postcode },
        homePracticeId: body.homePracticeId,
        contactPreferences: body.contactPreferences,
        now,
      });
      await newClients.insertPreferences(tx, client.id, body.contactPreferences);
      await recordPracticeEvent(tx, 'client.registered', {
        client_id: client.id,
        client_ref: client.clientRef,
        practice_id: client.practiceId,
        practice_ref: client.practiceRef,
        ...clientDetailsOf(client),
        contact_preferences: body.contactPreferences,
      });
    });
  } catch (error) {
    // Two sign-ups of one identity at once: the second finds the first's record on the unique constraint.
    if (isIdentityTaken(error)) throw identityAlreadyLinked();
    throw error;
  }
  return linkedProfile(clients, identity, now);
}
