import {
  contactChannels,
  contactPurposes,
  type ContactPreferenceChoices,
} from '@vet/contracts/contact-preferences';
import type { Database, Executor } from '@vet/db/connection';
import { emailKey, lastNameKey, postcodeKey } from '@vet/db/normalise';
import { clients, contactPreferences } from '@vet/db/schema/clients';
import { rowExists } from '@vet/db/row-exists';
import { salutations } from '@vet/db/schema/lookups';
import { clientEventColumns, type ClientEventRow } from '../profile/index.ts';
import { findOnboardingPractice } from './candidates-repository.ts';
import type { Identity } from '../../platform/index.ts';

export interface NewClientRecord {
  identity: Identity;
  salutationId: number;
  firstName: string;
  lastName: string;
  email: string;
  /** E.164. */
  mobilePhone: string;
  address: { line1: string; line2: string | null; town: string; county: string | null; postcode: string };
  homePracticeId: number;
  contactPreferences: ContactPreferenceChoices;
  now: Date;
}

export function createNewClientRepository(db: Database) {
  return {
    findPractice: (practiceId: number) => findOnboardingPractice(db, practiceId),

    salutationExists: (salutationId: number): Promise<boolean> => rowExists(db, salutations, salutationId),

    /**
     * The record, linked to the identity, with its normalised keys (R5.8) and confirmed preferences;
     * answers it as the practice system's events carry it.
     */
    async insertClient(tx: Executor, record: NewClientRecord): Promise<ClientEventRow> {
      const { address, identity, now } = record;
      const [row] = await tx
        .insert(clients)
        .values({
          salutationId: record.salutationId,
          firstName: record.firstName,
          lastName: record.lastName,
          email: record.email,
          mobilePhone: record.mobilePhone,
          addressLine1: address.line1,
          addressLine2: address.line2,
          town: address.town,
          county: address.county,
          postcode: address.postcode,
          homePracticeId: record.homePracticeId,
          lastNameKey: lastNameKey(record.lastName),
          postcodeKey: postcodeKey(address.postcode),
          emailKey: emailKey(record.email),
          identityIssuer: identity.issuer,
          identitySubject: identity.subject,
          linkedAt: now,
          contactPreferencesConfirmedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning(clientEventColumns);
      if (!row) throw new Error('The new client record was not inserted.');
      return row;
    },

    /** One row per purpose × channel (R3.4), so a no is recorded as such. */
    async insertPreferences(tx: Executor, clientId: number, choices: ContactPreferenceChoices) {
      await tx.insert(contactPreferences).values(
        contactPurposes.flatMap((purpose) =>
          contactChannels.map((channel) => ({
            clientId,
            purpose,
            channel,
            optedIn: choices[purpose][channel],
          })),
        ),
      );
    },
  };
}

export type NewClientRepository = ReturnType<typeof createNewClientRepository>;
