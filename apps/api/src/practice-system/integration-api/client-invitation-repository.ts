import type { Executor } from '@vet/db/connection';
import { clients } from '@vet/db/schema/clients';
import { invitations } from '@vet/db/schema/onboarding';
import { practices } from '@vet/db/schema/practices';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { withHomePractice } from '../../platform/index.ts';
import { lockClientRow } from '../../clients/index.ts';

/** What an invitation needs of the client record, locked until the transaction ends. */
export interface InvitedClient {
  id: number;
  homePracticeId: number;
  firstName: string;
  lastName: string;
  email: string | null;
  /** Linked to an online identity already (R3.3): an invitation would have nothing to link. */
  linked: boolean;
}

/** The client's invitations still to be used: unused and unexpired. */
const liveInvitationsOf = (clientId: number, now: Date) =>
  and(eq(invitations.clientId, clientId), isNull(invitations.usedAt), gt(invitations.expiresAt, now));

/** The SQL of issuing an invitation by the practice system's reference. */
export function createClientInvitationRepository() {
  return {
    /** The home practice (its reference, null when it has none) of the client; undefined: no such client. */
    async homePracticeRef(db: Executor, pmsRef: string): Promise<string | null | undefined> {
      const [row] = await withHomePractice(
        db.select({ practiceRef: practices.pmsRef }).from(clients).$dynamic(),
      ).where(eq(clients.pmsRef, pmsRef));
      return row === undefined ? undefined : row.practiceRef;
    },

    async lockClientByRef(tx: Executor, pmsRef: string): Promise<InvitedClient | undefined> {
      const row = await lockClientRow(tx, eq(clients.pmsRef, pmsRef), {
        id: clients.id,
        homePracticeId: clients.homePracticeId,
        firstName: clients.firstName,
        lastName: clients.lastName,
        email: clients.email,
        subject: clients.identitySubject,
      });
      if (!row) return undefined;
      const { subject, ...client } = row;
      return { ...client, linked: subject !== null };
    },

    /** When the client's newest unused, unexpired invitation ends; undefined when none is live. */
    async liveInvitationExpiry(tx: Executor, clientId: number, now: Date): Promise<Date | undefined> {
      const [row] = await tx
        .select({ expiresAt: invitations.expiresAt })
        .from(invitations)
        .where(liveInvitationsOf(clientId, now))
        .orderBy(desc(invitations.expiresAt))
        .limit(1);
      return row?.expiresAt;
    },

    /** Ends the client's unused, unexpired invitations: a new one replaces them. */
    async endLiveInvitations(tx: Executor, clientId: number, now: Date): Promise<void> {
      await tx.update(invitations).set({ expiresAt: now }).where(liveInvitationsOf(clientId, now));
    },

    async insertInvitation(
      tx: Executor,
      invitation: { clientId: number; practiceId: number; codeHash: string; expiresAt: Date; now: Date },
    ): Promise<void> {
      const { now, ...values } = invitation;
      await tx.insert(invitations).values({ ...values, createdAt: now });
    },
  };
}

export type ClientInvitationRepository = ReturnType<typeof createClientInvitationRepository>;
