import { ukMobileNumber } from '@vet/contracts/uk-contact-details';
import type { Executor } from '@vet/db/connection';
import type { FreedSpan } from '@vet/clinician-time/earlier-time-requests';
import { emailKey } from '@vet/db/normalise';
import { softBookings } from '@vet/db/schema/appointments';
import { clientChanges } from '@vet/db/schema/client-changes';
import { clients } from '@vet/db/schema/clients';
import { dataExportRequests } from '@vet/db/schema/data-exports';
import { earlierTimeOffers, earlierTimeRequests } from '@vet/db/schema/earlier-times';
import { webSessions } from '@vet/db/schema/identity';
import { smsOutbox } from '@vet/db/schema/reminders';
import { emailOutbox } from '@vet/db/schema/system';
import { invitations, linkStages, verificationCodes } from '@vet/db/schema/onboarding';
import { and, eq, inArray, isNotNull, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import { type Identity, lockIdentity, ownedBy } from '../../platform/index.ts';
import { lockClientRow } from '../profile/index.ts';

/**
 * Who the kept consent history says acted, once the identity is erased (decision 0080): the same for
 * every row of one deletion, so the history still reads as one person's, and linked to nobody.
 */
export const ERASED_ACTOR_ISSUER = 'erased-online-account';

/** The SQL of an online account's deletion, each step in the caller's transaction. */
export const onlineAccounts = {
  /**
   * One deletion or link of the identity at a time: a second deletion waits here for the first to commit,
   * and then finds nothing left to delete; a link waits, or is waited for (security round three, finding 2).
   */
  lockIdentity,

  /** The linked client record, locked (its lock orders its practice events), with what the event names. */
  async lockLinkedClient(tx: Executor, identity: Identity) {
    return lockClientRow(tx, ownedBy(clients, identity), {
      id: clients.id,
      pmsRef: clients.pmsRef,
      email: clients.email,
      mobilePhone: clients.mobilePhone,
    });
  },

  /** The record stays with the practice; only its link to the sign-in goes. */
  async unlinkClient(tx: Executor, clientId: number, now: Date) {
    await tx
      .update(clients)
      .set({ identityIssuer: null, identitySubject: null, linkedAt: null, updatedAt: now })
      .where(eq(clients.id, clientId));
  },

  /**
   * The portal's audit of the client's own changes: detail changes (field names only) go; the contact
   * preference history stays as proof of consent, its actor replaced by one pseudonym for the deletion.
   */
  /**
   * Their conversations with the practice, every message both ways, and every file they uploaded, sent or
   * not (issue 66, decision 0169): the practice system holds its own record of what it was sent. Returns
   * the files' storage keys, for their bytes to go from the attachment store before the deletion commits.
   */
  async eraseConversations(tx: Executor, clientId: number): Promise<string[]> {
    const files = await tx.execute<{ storage_key: string }>(
      sql`delete from message_attachments where client_id = ${clientId} returning storage_key`,
    );
    await tx.execute(sql`delete from conversations where client_id = ${clientId}`);
    return files.rows.map((row) => row.storage_key);
  },

  async eraseChangeHistory(tx: Executor, clientId: number, pseudonym: string) {
    await tx
      .delete(clientChanges)
      .where(and(eq(clientChanges.clientId, clientId), ne(clientChanges.kind, 'contact_preferences')));
    await tx
      .update(clientChanges)
      .set({ actorIssuer: ERASED_ACTOR_ISSUER, actorSubject: pseudonym })
      .where(eq(clientChanges.clientId, clientId));
  },

  /**
   * Onboarding's rows: the identity's verification codes (and any of the record's, so a new sign-up starts
   * from the start), where its link stood (0077) and the invitations the record has used. An invitation
   * not used yet is the practice's to send and stays. The record of the identity's own data exports (0079)
   * goes too: it is the online account's, and names its sign-in.
   */
  async eraseOnboarding(tx: Executor, identity: Identity, clientId: number | undefined) {
    await tx.delete(linkStages).where(ownedBy(linkStages, identity));
    await tx.delete(dataExportRequests).where(ownedBy(dataExportRequests, identity));
    const byIdentity = ownedBy(verificationCodes, identity);
    await tx
      .delete(verificationCodes)
      .where(clientId === undefined ? byIdentity : or(byIdentity, eq(verificationCodes.clientId, clientId)));
    if (clientId !== undefined) {
      await tx
        .delete(invitations)
        .where(and(eq(invitations.clientId, clientId), isNotNull(invitations.usedAt)));
    }
  },

  /**
   * The client's earlier-time requests, their offers and the offers' holds, whatever their state (decision
   * 0086; security round three, finding 1): each hold carries the client's names, e-mail and pet, and its
   * offer references it, so they go by the record, never by e-mail, in the order the foreign keys accept.
   * The offers are locked first and then the requests, the order of the writers that take or lapse an
   * offer; a request locked before its offers are deleted cannot gain one meanwhile. A live hold's
   * reservation goes with it (cascade): its span is answered, to be offered to the line once this commits.
   */
  async eraseEarlierTimes(tx: Executor, clientId: number, now: Date): Promise<FreedSpan[]> {
    const requests = tx
      .select({ id: earlierTimeRequests.id })
      .from(earlierTimeRequests)
      .where(eq(earlierTimeRequests.clientId, clientId));
    await tx
      .select({ id: earlierTimeOffers.id })
      .from(earlierTimeOffers)
      .where(inArray(earlierTimeOffers.requestId, requests))
      .for('update');
    await tx
      .select({ id: earlierTimeRequests.id })
      .from(earlierTimeRequests)
      .where(eq(earlierTimeRequests.clientId, clientId))
      .for('update');
    const offers = await tx
      .delete(earlierTimeOffers)
      .where(inArray(earlierTimeOffers.requestId, requests))
      .returning({ holdId: earlierTimeOffers.softBookingId });
    await tx.delete(earlierTimeRequests).where(eq(earlierTimeRequests.clientId, clientId));
    if (offers.length === 0) return [];
    const holds = await tx
      .delete(softBookings)
      .where(
        inArray(
          softBookings.id,
          offers.map((offer) => offer.holdId),
        ),
      )
      .returning({
        practiceId: softBookings.practiceId,
        clinicianId: softBookings.clinicianId,
        startsAt: softBookings.startsAt,
        endsAt: softBookings.endsAt,
        status: softBookings.status,
        expiresAt: softBookings.expiresAt,
      });
    return holds
      .filter((hold) => hold.status === 'Held' && hold.expiresAt > now)
      .map(({ practiceId, clinicianId, startsAt, endsAt }) => ({
        practiceId,
        clinicianId,
        startsAt,
        endsAt,
      }));
  },

  /**
   * The guest holds made with any of the person's e-mails, in any case (as the outbox's are matched), that
   * never became an appointment, live or not: with the contact details they carry, and (by cascade) a live
   * hold's reservation, so its time is free again. A hold that became an appointment is the appointment's
   * history and stays. An earlier-time offer's hold is its record's (eraseEarlierTimes), never matched by
   * e-mail: another record may share the address.
   */
  async eraseGuestHolds(tx: Executor, emails: readonly string[]) {
    const keys = [...new Set(emails.map(emailKey))];
    if (keys.length === 0) return 0;
    const offered = tx.select({ id: earlierTimeOffers.softBookingId }).from(earlierTimeOffers);
    const holds = and(
      inArray(sql`lower(${softBookings.email})`, keys),
      isNull(softBookings.convertedAppointmentId),
      notInArray(softBookings.id, offered),
    );
    const erased = await tx.delete(softBookings).where(holds).returning({ id: softBookings.id });
    return erased.length;
  },

  /**
   * The outbox's copies of e-mails already sent (or given up) to any of the person's addresses: a delivery
   * queue, not a record. One still waiting is left to go: it may be the practice's word about an
   * appointment that still stands.
   */
  async eraseDeliveredEmails(tx: Executor, emails: readonly string[]) {
    const keys = [...new Set(emails.map(emailKey))];
    if (keys.length === 0) return;
    await tx
      .delete(emailOutbox)
      .where(and(inArray(sql`lower(${emailOutbox.toAddress})`, keys), ne(emailOutbox.status, 'pending')));
  },

  /**
   * The SMS outbox's copies of texts already sent (or given up) to the record's mobile, as reminders
   * address it (E.164): the number, the message and its manage link (security round three, finding 8). One
   * still waiting is left to go, as an e-mail is: it may be the practice's reminder of an appointment that
   * still stands, and once sent it keeps no working link.
   */
  async eraseDeliveredTexts(tx: Executor, mobilePhone: string | null | undefined) {
    const number = mobilePhone ? ukMobileNumber(mobilePhone) : null;
    if (!number) return;
    await tx.delete(smsOutbox).where(and(eq(smsOutbox.toNumber, number), ne(smsOutbox.status, 'pending')));
  },

  /** Every portal session of the identity: their cookies are worth nothing from the commit on. */
  async endPortalSessions(tx: Executor, identity: Identity) {
    const ended = await tx
      .delete(webSessions)
      .where(ownedBy(webSessions, identity))
      .returning({ id: webSessions.id });
    return ended.length;
  },
};
