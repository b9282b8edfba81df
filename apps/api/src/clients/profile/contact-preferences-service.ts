import {
  contactChannels,
  contactPurposes,
  type ContactPreferenceChoices,
  type ContactPreferencesResponse,
} from '@vet/contracts/contact-preferences';
import type { Database } from '@vet/db/connection';
import { recordPracticeEvent } from '@vet/practice-events/record-events';
import type { ContactPreferenceChange } from '@vet/db/schema/client-changes';
import { type Identity, notFound } from '../../platform/index.ts';
import type { ClientRecordRepository } from './client-record-repository.ts';
import { isContactPreferencesUpdateDue } from './contact-preferences-due.ts';

export interface ContactPreferencesDeps {
  db: Database;
  records: Pick<
    ClientRecordRepository,
    'findPreferences' | 'findConfirmedAt' | 'lockPreferencesOwner' | 'savePreferences' | 'recordChange'
  >;
}

function responseOf(
  preferences: ContactPreferenceChoices,
  confirmedAt: Date | null,
  now: Date,
): ContactPreferencesResponse {
  return {
    preferences,
    lastConfirmedAt: confirmedAt?.toISOString() ?? null,
    requireContactPreferencesUpdate: isContactPreferencesUpdateDue(confirmedAt, now),
  };
}

/** GET /client/contact-preferences. */
export async function findContactPreferences(
  { records }: Pick<ContactPreferencesDeps, 'records'>,
  clientId: number,
  now: Date = new Date(),
): Promise<ContactPreferencesResponse> {
  const [preferences, confirmedAt] = await Promise.all([
    records.findPreferences(clientId),
    records.findConfirmedAt(clientId),
  ]);
  return responseOf(preferences, confirmedAt, now);
}

export function preferenceChanges(
  before: ContactPreferenceChoices,
  after: ContactPreferenceChoices,
): ContactPreferenceChange[] {
  return contactPurposes.flatMap((purpose) =>
    contactChannels
      .filter((channel) => before[purpose][channel] !== after[purpose][channel])
      .map((channel) => ({ purpose, channel, from: before[purpose][channel], to: after[purpose][channel] })),
  );
}

/**
 * PUT /client/contact-preferences (R3.4): every purpose × channel; sets lastConfirmedAt even when nothing
 * changed (that is the confirmation the redirect of R4.3 asks for), and records who changed what and when,
 * all in one transaction: the audit row, the practice system's client.contact_preferences_changed event
 * (every choice, as stored) and the change commit together or not at all.
 */
export async function saveContactPreferences(
  { db, records }: ContactPreferencesDeps,
  actor: Identity,
  clientId: number,
  preferences: ContactPreferenceChoices,
  now: Date = new Date(),
): Promise<ContactPreferencesResponse> {
  await db.transaction(async (tx) => {
    const owner = await records.lockPreferencesOwner(tx, clientId);
    if (!owner) throw notFound('We could not find your details.');
    const before = await records.findPreferences(clientId, tx);
    await records.savePreferences(tx, clientId, preferences, now);
    await records.recordChange(tx, {
      clientId,
      kind: 'contact_preferences',
      actor,
      at: now,
      changes: { preferences: preferenceChanges(before, preferences) },
    });
    await recordPracticeEvent(tx, 'client.contact_preferences_changed', {
      client_id: clientId,
      client_ref: owner.clientRef,
      contact_preferences: preferences,
    });
  });
  return responseOf(preferences, now, now);
}
