import type { Database, Executor } from '@vet/db/connection';
import { embeddedAccountExists } from '@vet/embedded-accounts/account-erasure';
import { recordPracticeEvent } from '@vet/practice-events/record-events';
import { clients } from '@vet/db/schema/clients';
import { invitations } from '@vet/db/schema/onboarding';
import { and, eq, isNull } from 'drizzle-orm';
import { clientEventColumns, lockClientRow } from '../profile/index.ts';
import { type Identity, lockIdentity, unauthorized } from '../../platform/index.ts';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The identity-link state of a client record, locked until the transaction ends. */
export interface LockedClient {
  clientId: number;
  lastNameKey: string;
  linked: boolean;
}

export interface InvitationRow {
  id: number;
  clientId: number;
  expiresAt: Date;
  usedAt: Date | null;
}

/** The constraint that keeps an identity to one client record (R3.3). */
const IDENTITY_UNIQUE = 'clients_identity_uq';

/** Whether an error (or its cause: drizzle wraps pg's) is a unique violation of `constraint`. */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 3; depth += 1) {
    const { code, constraint: name } = current as Error & { code?: string; constraint?: string };
    if (code === '23505' && name === constraint) return true;
    current = current.cause;
  }
  return false;
}

/** Linking failed because the identity is linked to another record already (R3.3). */
export const isIdentityTaken = (error: unknown) => isUniqueViolation(error, IDENTITY_UNIQUE);

/** Linking an identity to a client record (R3.3): once per record, once per identity. */
export function createLinkRepository(options: { embeddedIssuer?: string | undefined } = {}) {
  return {
    /**
     * The identity's turn, first in every transaction that links it (a code, an invitation, a new client):
     * a deletion of its online account then either waits for the link and undoes it, or has committed
     * first. After a deletion, an embedded provider's account is gone and a token it issued, still valid
     * for its last minutes, links nothing (401, as signed out); an external provider's identity outlives
     * the online account, and its link is a new one, as after a new sign-in (security round three,
     * finding 2; decision 0094).
     */
    async takeIdentity(tx: Executor, identity: Identity): Promise<void> {
      await lockIdentity(tx, identity);
      if (identity.issuer !== options.embeddedIssuer) return;
      if (!(await embeddedAccountExists(tx, identity.subject))) throw unauthorized();
    },

    async lockClient(tx: Executor, clientId: number): Promise<LockedClient | undefined> {
      const row = await lockClientRow(tx, eq(clients.id, clientId), {
        clientId: clients.id,
        lastNameKey: clients.lastNameKey,
        subject: clients.identitySubject,
      });
      return row && { clientId: row.clientId, lastNameKey: row.lastNameKey, linked: row.subject !== null };
    },

    async isClientLinked(executor: Executor, clientId: number): Promise<boolean> {
      const [row] = await executor
        .select({ subject: clients.identitySubject })
        .from(clients)
        .where(eq(clients.id, clientId));
      return row !== undefined && row.subject !== null;
    },

    /**
     * Links the record to the identity and writes the practice system's client.linked event (decision 0067);
     * false when the record was linked meanwhile. An identity already linked elsewhere fails on the
     * unique constraint (see `isIdentityTaken`).
     */
    async link(tx: Executor, clientId: number, identity: Identity, now: Date): Promise<boolean> {
      const [linked] = await tx
        .update(clients)
        .set({
          identityIssuer: identity.issuer,
          identitySubject: identity.subject,
          linkedAt: now,
          updatedAt: now,
        })
        .where(and(eq(clients.id, clientId), isNull(clients.identitySubject), isNull(clients.identityIssuer)))
        .returning({
          id: clients.id,
          clientRef: clients.pmsRef,
          practiceId: clients.homePracticeId,
          practiceRef: clientEventColumns.practiceRef,
        });
      if (!linked) return false;
      await recordPracticeEvent(tx, 'client.linked', {
        client_id: linked.id,
        client_ref: linked.clientRef,
        practice_id: linked.practiceId,
        practice_ref: linked.practiceRef,
      });
      return true;
    },

    async findInvitation(tx: Executor, codeHash: string): Promise<InvitationRow | undefined> {
      const [row] = await tx
        .select({
          id: invitations.id,
          clientId: invitations.clientId,
          expiresAt: invitations.expiresAt,
          usedAt: invitations.usedAt,
        })
        .from(invitations)
        .where(eq(invitations.codeHash, codeHash))
        .for('update');
      return row;
    },

    async useInvitation(tx: Executor, id: number, now: Date): Promise<void> {
      await tx.update(invitations).set({ usedAt: now }).where(eq(invitations.id, id));
    },
  };
}

export type LinkRepository = ReturnType<typeof createLinkRepository>;
