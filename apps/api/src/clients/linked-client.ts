import type { Database } from '@vet/db/connection';
import { clients } from '@vet/db/schema/clients';
import { and, eq } from 'drizzle-orm';
import type { Identity } from '../auth/access-token-verifier.ts';
import { forbidden } from '../http/errors.ts';

/**
 * The id of the client record linked to the signed-in identity. Every client-owned query is scoped by it,
 * so no request can reach another client's records. An identity not yet linked (activation not
 * COMPLETED) has no records to show.
 */
export async function linkedClientId(db: Database, identity: Identity): Promise<number> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.identityIssuer, identity.issuer), eq(clients.identitySubject, identity.subject)))
    .limit(1);
  if (!row) throw forbidden('Link your account to your practice to see this.');
  return row.id;
}
