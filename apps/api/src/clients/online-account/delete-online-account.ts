import { randomUUID } from 'node:crypto';
import type { OnlineAccountDeleted } from '@vet/contracts/online-account';
import type { Database } from '@vet/db/connection';
import type { FreedSpan } from '@vet/clinician-time/earlier-time-requests';
import { databaseError, DEADLOCK_DETECTED } from '@vet/db/database-error';
import { eraseEmbeddedAccount } from '@vet/embedded-accounts/account-erasure';
import { recordPracticeEvent } from '@vet/practice-events/record-events';
import { databaseStoredFiles, type Identity, type StoredFileEraser } from '../../platform/index.ts';
import { onlineAccounts } from './online-account-repository.ts';

export interface OnlineAccountDeps {
  db: Database;
  /** The embedded provider's issuer (none: undefined): its accounts live in this database and go too. */
  embeddedIssuer: string | undefined;
  /**
   * Told, once the deletion has committed, of the time its live earlier-time holds gave back, so that it
   * is offered to the line (decision 0086); a fault there is the teller's to log.
   */
  timeFreed?: ((spans: FreedSpan[]) => Promise<void>) | undefined;
  /**
   * The attachment store, from which the person's files' bytes are deleted before the deletion commits
   * (decision 0169); unset: the database store's table, in the deletion's transaction.
   */
  attachmentFiles?: StoredFileEraser | undefined;
}

/** A deadlock with a writer taking the other locks' order (an offer taken or lapsing): tried again. */
const TRIES = 3;

/**
 * Deletes the signed-in person's online account (R2.38, decision 0080), all in one transaction:
 * the link of their client record (which stays with the practice, with its pets and appointments), the
 * portal's audit of their detail changes (the consent history stays, pseudonymised), onboarding's codes
 * and used invitations, the record's earlier-time requests with their offers and holds (decision 0094),
 * guest holds made with their e-mails and the outboxes' copies of e-mails and texts sent to them, their conversations with the practice and
 * every file they uploaded (decision 0169), every portal
 * session, and, when the sign-in is the embedded provider's, the provider's account with its sessions and
 * grants; and the practice system's client.online_account_deleted event. Serialised per identity, so a
 * second request while one runs waits, then finds nothing to delete and changes nothing. Repeatable, so a
 * deadlock PostgreSQL breaks by aborting this transaction is tried again rather than answered 500.
 */
export async function deleteOnlineAccount(
  deps: OnlineAccountDeps,
  identity: Identity,
  now: Date = new Date(),
): Promise<OnlineAccountDeleted> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const freed = await eraseInOneTransaction(deps, identity, now);
      if (freed.length > 0) await deps.timeFreed?.(freed);
      return { deleted: true, providerAccountDeleted: identity.issuer === deps.embeddedIssuer };
    } catch (error) {
      if (attempt >= TRIES || databaseError(error).code !== DEADLOCK_DETECTED) throw error;
    }
  }
}

async function eraseInOneTransaction(
  { db, embeddedIssuer, attachmentFiles }: OnlineAccountDeps,
  identity: Identity,
  now: Date,
): Promise<FreedSpan[]> {
  const embedded = identity.issuer === embeddedIssuer;
  return db.transaction(async (tx) => {
    await onlineAccounts.lockIdentity(tx, identity);
    const client = await onlineAccounts.lockLinkedClient(tx, identity);
    const providerAccount = embedded ? await eraseEmbeddedAccount(tx, identity.subject) : undefined;
    const emails = [
      client?.email,
      providerAccount?.email,
      identity.emailVerified ? identity.email : undefined,
    ];
    const addresses = emails.filter((email) => typeof email === 'string');
    // The record's offers first: their holds carry its e-mail, and the offers reference them.
    const freed = client ? await onlineAccounts.eraseEarlierTimes(tx, client.id, now) : [];
    await onlineAccounts.eraseGuestHolds(tx, addresses);
    await onlineAccounts.eraseDeliveredEmails(tx, addresses);
    await onlineAccounts.eraseDeliveredTexts(tx, client?.mobilePhone);
    await onlineAccounts.eraseOnboarding(tx, identity, client?.id);
    await onlineAccounts.endPortalSessions(tx, identity);
    if (!client) return freed;
    await onlineAccounts.unlinkClient(tx, client.id, now);
    await onlineAccounts.eraseChangeHistory(tx, client.id, randomUUID());
    // Bytes last, once every row is gone: a store that fails rolls the whole deletion back.
    const files = await onlineAccounts.eraseConversations(tx, client.id);
    await (attachmentFiles ?? databaseStoredFiles(tx)).delete(files);
    await recordPracticeEvent(tx, 'client.online_account_deleted', {
      client_id: client.id,
      client_ref: client.pmsRef,
      deleted_at: now.toISOString(),
    });
    return freed;
  });
}
