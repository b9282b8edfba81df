import type { Database } from '@vet/db/connection';
import { verificationCodes } from '@vet/db/schema/onboarding';
import { and, gt, isNull } from 'drizzle-orm';
import { type Identity, ownedBy } from '../../platform/index.ts';

/**
 * Client records as the signed-in identity reaches them. Every query is scoped to the identity: nothing
 * here can reach another person's record.
 */
export function createClientsRepository(db: Database) {
  return {
    /**
     * Whether a verification code was sent for this identity and is still unused and unexpired at `now`.
     * An offer the person has not confirmed yet (nothing sent) does not count.
     */
    async hasPendingVerification(identity: Identity, now: Date): Promise<boolean> {
      const rows = await db
        .select({ id: verificationCodes.id })
        .from(verificationCodes)
        .where(
          and(
            ownedBy(verificationCodes, identity),
            gt(verificationCodes.sendCount, 0),
            isNull(verificationCodes.usedAt),
            gt(verificationCodes.expiresAt, now),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type ClientsRepository = ReturnType<typeof createClientsRepository>;
