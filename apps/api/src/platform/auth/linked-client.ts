import type { Database } from '@vet/db/connection';
import { clients } from '@vet/db/schema/clients';
import { and, eq, sql } from 'drizzle-orm';
import type { Identity } from './identity.ts';
import { homePracticeColumns, type HomePracticeFields, withHomePractice } from './client-joins.ts';

/** The client record linked to an identity, with what the profile shows of its home practice. */
export interface LinkedClient extends HomePracticeFields {
  clientId: number;
  firstName: string;
  lastName: string;
  email: string | null;
  contactPreferencesConfirmedAt: Date | null;
  onlineBookingAllowed: boolean;
}

/**
 * The condition that finds the client record linked to the signed-in identity, for prepared statements:
 * issuer and subject together (clients_identity_uq), from the placeholders `issuer` and `subject`.
 */
export const linkedToIdentity = () =>
  and(
    eq(clients.identityIssuer, sql.placeholder('issuer')),
    eq(clients.identitySubject, sql.placeholder('subject')),
  );

/**
 * The records of a statement that starts from the identity's linked client and left-joins what it owns
 * (decision 0037): no row when the identity is not linked (undefined), one row whose `key` is null when
 * the client owns none (an empty list). A present record's own NOT NULL columns are never null; the
 * caller's type says so.
 */
export function recordsOfLinkedClient<Row extends { linkedClientId: number }, Key extends keyof Row>(
  rows: Row[],
  key: Key,
): Omit<Row, 'linkedClientId'>[] | undefined {
  if (rows.length === 0) return undefined;
  return rows.flatMap(({ linkedClientId: _linkedClientId, ...record }) =>
    record[key as Exclude<Key, 'linkedClientId'>] === null ? [] : [record],
  );
}

/** Finds the client record linked to a signed-in identity: the access scopes and onboarding ask it. */
export function createLinkedClientLookup(db: Database) {
  // Every signed-in request runs this: a prepared statement, built once and planned once per connection.
  const linkedClientQuery = withHomePractice(
    db
      .select({
        clientId: clients.id,
        firstName: clients.firstName,
        lastName: clients.lastName,
        email: clients.email,
        ...homePracticeColumns,
        contactPreferencesConfirmedAt: clients.contactPreferencesConfirmedAt,
        onlineBookingAllowed: clients.onlineBookingAllowed,
      })
      .from(clients)
      .$dynamic(),
  )
    .where(linkedToIdentity())
    .limit(1)
    .prepare('find_linked_client');

  return {
    /** The one client record linked to the identity (R3.3: at most one), or undefined. */
    async findLinkedClient(identity: Identity): Promise<LinkedClient | undefined> {
      const [row] = await linkedClientQuery.execute({ issuer: identity.issuer, subject: identity.subject });
      return row;
    },
  };
}

export type LinkedClientLookup = ReturnType<typeof createLinkedClientLookup>;
