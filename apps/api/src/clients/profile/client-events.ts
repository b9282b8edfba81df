import type { PracticeEventData } from '@vet/contracts/practice-events';
import { clients } from '@vet/db/schema/clients';
import { sql } from 'drizzle-orm';

/**
 * A client's own details as stored: names, e-mail, phones (E.164 or as the practice entered them) and
 * address. The record's screens, the practice system's events and the data export read these alike.
 */
export const clientDetailColumns = {
  firstName: clients.firstName,
  lastName: clients.lastName,
  email: clients.email,
  mobilePhone: clients.mobilePhone,
  homePhone: clients.homePhone,
  addressLine1: clients.addressLine1,
  addressLine2: clients.addressLine2,
  town: clients.town,
  county: clients.county,
  postcode: clients.postcode,
};

/** The values of `clientDetailColumns`. */
export interface ClientDetailFields {
  firstName: string;
  lastName: string;
  email: string | null;
  mobilePhone: string | null;
  homePhone: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  town: string | null;
  county: string | null;
  postcode: string | null;
}

/**
 * A client row as the practice system's events carry it (clients.csv's columns: the salutation by name,
 * phones as stored, in E.164), with the references read in the same statement: columns for a select of
 * `clients` or for the `returning` of a write of it. Written out in full: inside `returning`, drizzle
 * names columns without their table.
 */
export const clientEventColumns = {
  id: clients.id,
  clientRef: clients.pmsRef,
  practiceId: clients.homePracticeId,
  practiceRef: sql<string | null>`(select pms_ref from practices where id = clients.home_practice_id)`,
  salutation: sql<string | null>`(select description from salutations where id = clients.salutation_id)`,
  ...clientDetailColumns,
};

export interface ClientEventRow extends ClientDetailFields {
  id: number;
  clientRef: string | null;
  practiceId: number;
  practiceRef: string | null;
  salutation: string | null;
}

type ClientDetails = Required<
  Omit<PracticeEventData<'client.details_changed'>['changed'], 'practice_id' | 'practice_ref'>
>;

/** A client's details with clients.csv's names. */
export function clientDetailsOf(row: ClientEventRow): ClientDetails {
  return {
    salutation: row.salutation,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    mobile_phone: row.mobilePhone,
    home_phone: row.homePhone,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    town: row.town,
    county: row.county,
    postcode: row.postcode,
  };
}

/**
 * What a save changed, field by field with the new values, between the row as it was (read under the
 * row's lock) and as the save left it; a new home practice with its reference. Empty: nothing changed.
 */
export function changedDetails(
  before: ClientEventRow,
  after: ClientEventRow,
): PracticeEventData<'client.details_changed'>['changed'] {
  const was = clientDetailsOf(before);
  const now = clientDetailsOf(after);
  const changed: PracticeEventData<'client.details_changed'>['changed'] = Object.fromEntries(
    Object.entries(now).filter(([field, value]) => was[field as keyof ClientDetails] !== value),
  );
  if (before.practiceId !== after.practiceId) {
    changed.practice_id = after.practiceId;
    changed.practice_ref = after.practiceRef;
  }
  return changed;
}
