import type { Executor } from '@vet/db/connection';
import { lockSpaces } from '@vet/db/lock-spaces';
import { sql } from 'drizzle-orm';
import type { Identity } from './identity.ts';

/**
 * Takes the identity's turn until the transaction ends, as its first lock (@vet/db/lock-spaces): linking
 * the identity to a client record (a code, an invitation, a new client) and deleting its online account
 * take it, so a link and a deletion of one identity never overlap (security round three, finding 2;
 * decision 0094).
 */
export async function lockIdentity(tx: Executor, identity: Pick<Identity, 'issuer' | 'subject'>) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${lockSpaces.identity}::int, hashtext(${identity.issuer} || ' ' || ${identity.subject}))`,
  );
}
