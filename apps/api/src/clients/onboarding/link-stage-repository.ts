import type { Database } from '@vet/db/connection';
import { emailKey } from '@vet/db/normalise';
import { rowExists } from '@vet/db/row-exists';
import { clients } from '@vet/db/schema/clients';
import { invitations, linkStages, verificationCodes } from '@vet/db/schema/onboarding';
import { practices } from '@vet/db/schema/practices';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { type Identity, ownedBy } from '../../platform/index.ts';

export type RecordedStage = 'contact_practice' | 'invitation_expected';

const practiceColumns = { id: practices.id, name: practices.name, phone: practices.phone };

/**
 * What GET /signup/link-stage reads (decision 0077). Every statement is keyed by the signed-in identity (or by
 * the address its provider verified): none can reach another person's codes, stages or invitations.
 */
export function createLinkStageRepository(db: Database) {
  return {
    /** The identity's newest code that went out and is unused, on a record nobody has linked meanwhile. */
    async latestSentCode(identity: Identity) {
      const [row] = await db
        .select({
          clientId: verificationCodes.clientId,
          email: clients.email,
          lastSentAt: verificationCodes.lastSentAt,
          expiresAt: verificationCodes.expiresAt,
        })
        .from(verificationCodes)
        .innerJoin(clients, eq(clients.id, verificationCodes.clientId))
        .where(
          and(
            ownedBy(verificationCodes, identity),
            gt(verificationCodes.sendCount, 0),
            isNull(verificationCodes.usedAt),
            isNull(clients.identitySubject),
          ),
        )
        .orderBy(desc(verificationCodes.lastSentAt), desc(verificationCodes.id))
        .limit(1);
      return row;
    },

    /** The stage the identity's last check or choice recorded, with its practice. */
    async recordedStage(identity: Identity) {
      const [row] = await db
        .select({ stage: linkStages.stage, recordedAt: linkStages.recordedAt, practice: practiceColumns })
        .from(linkStages)
        .innerJoin(practices, eq(practices.id, linkStages.practiceId))
        .where(ownedBy(linkStages, identity))
        .limit(1);
      return row;
    },

    /**
     * The newest unused, unexpired invitation to an unlinked record whose e-mail on file is the address
     * the provider verified for this identity: the invitation went to that very address.
     */
    async invitationToAddress(verifiedEmail: string, now: Date) {
      const [row] = await db
        .select({ createdAt: invitations.createdAt, practice: practiceColumns })
        .from(invitations)
        .innerJoin(clients, eq(clients.id, invitations.clientId))
        .innerJoin(practices, eq(practices.id, invitations.practiceId))
        .where(
          and(
            eq(clients.emailKey, emailKey(verifiedEmail)),
            isNull(clients.identitySubject),
            isNull(invitations.usedAt),
            gt(invitations.expiresAt, now),
          ),
        )
        .orderBy(desc(invitations.createdAt))
        .limit(1);
      return row;
    },

    /** Records the identity's stage (the latest word replaces the one before). */
    async record(identity: Identity, stage: RecordedStage, practiceId: number, now: Date) {
      await db
        .insert(linkStages)
        .values({
          identityIssuer: identity.issuer,
          identitySubject: identity.subject,
          stage,
          practiceId,
          recordedAt: now,
        })
        .onConflictDoUpdate({
          target: [linkStages.identityIssuer, linkStages.identitySubject],
          set: { stage, practiceId, recordedAt: now },
        });
    },

    /** Forgets the identity's recorded stage (a new check said something else). */
    async forget(identity: Identity) {
      await db.delete(linkStages).where(ownedBy(linkStages, identity));
    },

    practiceExists: (practiceId: number): Promise<boolean> => rowExists(db, practices, practiceId),
  };
}

export type LinkStageRepository = ReturnType<typeof createLinkStageRepository>;
