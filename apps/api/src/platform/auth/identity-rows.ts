import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Identity } from './identity.ts';

/** A table whose rows name the identity they belong to (codes, link stages, sessions, export requests). */
export interface IdentityColumns {
  identityIssuer: AnyPgColumn;
  identitySubject: AnyPgColumn;
}

/**
 * The condition that keeps a statement to the identity's own rows: issuer and subject together, since a
 * subject is unique only at its issuer. For prepared statements, linkedToIdentity takes placeholders.
 */
export function ownedBy(table: IdentityColumns, identity: Identity): SQL {
  return and(eq(table.identityIssuer, identity.issuer), eq(table.identitySubject, identity.subject))!;
}
