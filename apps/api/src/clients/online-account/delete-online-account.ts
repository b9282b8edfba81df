import { randomUUID } from 'node:crypto';
import type { OnlineAccountDeleted } from '@vet/contracts/online-account';
import type { Database } from '@vet/db/connection';
import { eraseEmbeddedAccount } from '@vet/db/embedded-account-erasure';
import { recordPracticeEvent } from '@vet/db/practice-events';
import type { Identity } from '../../platform/index.ts';
import { onlineAccounts } from './online-account-repository.ts';

export interface OnlineAccountDeps {
  db: Database;
  /** The embedded provider's issuer (none: undefined): its accounts live in this database and go too. */
  embeddedIssuer: string | undefined;
}

/**
 * Deletes the signed-in person's online account (R2.38, decision 0080), all in one transaction:
 * the link of their client record (which stays with the practice, with its pets and appointments), the
 * portal's audit of their detail changes (the consent history stays, pseudonymised), onboarding's codes
 * and used invitations, guest holds made with their e-mails and the outbox's copies of e-mails sent to
 * them, every portal session, and, when the sign-in
 * is the embedded provider's, the provider's account with its sessions and grants; and the practice
 * system's client.online_account_deleted event. Serialised per identity, so a second request while one
 * runs waits, then finds nothing to delete and changes nothing.
 */
export async function deleteOnlineAccount(
  { db, embeddedIssuer }: OnlineAccountDeps,
  identity: Identity,
  now: Date = new Date(),
): Promise<OnlineAccountDeleted> {
  const embedded = identity.issuer === embeddedIssuer;
  await db.transaction(async (tx) => {
    await onlineAccounts.lockIdentity(tx, identity);
    const client = await onlineAccounts.lockLinkedClient(tx, identity);
    const providerAccount = embedded ? await eraseEmbeddedAccount(tx, identity.subject) : undefined;
    const emails = [
      client?.email,
      providerAccount?.email,
      identity.emailVerified ? identity.email : undefined,
    ];
    const addresses = emails.filter((email) => typeof email === 'string');
    await onlineAccounts.eraseGuestHolds(tx, addresses);
    await onlineAccounts.eraseDeliveredEmails(tx, addresses);
    await onlineAccounts.eraseOnboarding(tx, identity, client?.id);
    await onlineAccounts.endPortalSessions(tx, identity);
    if (!client) return;
    await onlineAccounts.unlinkClient(tx, client.id, now);
    await onlineAccounts.eraseChangeHistory(tx, client.id, randomUUID());
    await recordPracticeEvent(tx, 'client.online_account_deleted', {
      client_id: client.id,
      client_ref: client.pmsRef,
      deleted_at: now.toISOString(),
    });
  });
  return { deleted: true, providerAccountDeleted: embedded };
}
