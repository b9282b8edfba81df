import { and, count, eq, gt, gte, isNull } from 'drizzle-orm';
import type { Database } from '@vet/db/connection';
import { idpAccounts, idpPasswordResets } from '@vet/db/schema/identity';
import { enqueueEmail } from '@vet/email/enqueue-email';
import type { OutgoingEmail } from '@vet/email/outgoing-email';
import { updatePasswordHash } from '../accounts.ts';
import { endEverySession, type EndedSessions } from './end-sessions.ts';

const HOUR_MS = 60 * 60_000;

export interface NewReset {
  accountId: string;
  tokenHash: string;
  expiresAt: Date;
  now: Date;
  /** Fewer than this many in the last hour, or nothing is issued. */
  maxPerHour: number;
  /** The e-mail with the link: queued in the same transaction as the reset, so both happen or neither (R4.26). */
  email: OutgoingEmail;
}

/** Issues the reset and queues its e-mail; false when the account has had its share this hour. */
export async function issueReset(db: Database, reset: NewReset): Promise<boolean> {
  return db.transaction(async (tx) => {
    // One request at a time per account, so that concurrent requests cannot all pass the count.
    await tx
      .select({ id: idpAccounts.id })
      .from(idpAccounts)
      .where(eq(idpAccounts.id, reset.accountId))
      .for('update');
    const [recent] = await tx
      .select({ issued: count() })
      .from(idpPasswordResets)
      .where(
        and(
          eq(idpPasswordResets.accountId, reset.accountId),
          gte(idpPasswordResets.createdAt, new Date(reset.now.getTime() - HOUR_MS)),
        ),
      );
    if ((recent?.issued ?? 0) >= reset.maxPerHour) return false;
    // Only the newest link works: the older ones end now (they stay counted above).
    await tx
      .update(idpPasswordResets)
      .set({ expiresAt: reset.now })
      .where(and(eq(idpPasswordResets.accountId, reset.accountId), usable(reset.now)));
    await tx.insert(idpPasswordResets).values({
      accountId: reset.accountId,
      tokenHash: reset.tokenHash,
      expiresAt: reset.expiresAt,
      createdAt: reset.now,
    });
    await enqueueEmail(tx, reset.email);
    return true;
  });
}

function usable(now: Date) {
  return and(isNull(idpPasswordResets.usedAt), gt(idpPasswordResets.expiresAt, now));
}

/** Whether the link can still be used; looking does not use it. */
export async function isUsableReset(db: Database, tokenHash: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: idpPasswordResets.id })
    .from(idpPasswordResets)
    .where(and(eq(idpPasswordResets.tokenHash, tokenHash), usable(now)));
  return Boolean(row);
}

export interface CompletedReset extends EndedSessions {
  accountId: string;
}

/**
 * Uses the link: sets the new hash, ends the account's other links and every session of the account,
 * all in one transaction. Undefined when the link is unknown, expired or already used (checked and
 * marked in one statement, so two submissions cannot both succeed).
 */
export async function completeReset(
  db: Database,
  input: { tokenHash: string; passwordHash: string; issuer: string; now: Date },
): Promise<CompletedReset | undefined> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(idpPasswordResets)
      .set({ usedAt: input.now })
      .where(and(eq(idpPasswordResets.tokenHash, input.tokenHash), usable(input.now)))
      .returning({ accountId: idpPasswordResets.accountId });
    if (!used) return undefined;
    await updatePasswordHash(tx, used.accountId, input.passwordHash, input.now);
    await tx
      .update(idpPasswordResets)
      .set({ expiresAt: input.now })
      .where(and(eq(idpPasswordResets.accountId, used.accountId), usable(input.now)));
    const ended = await endEverySession(tx, used.accountId, input.issuer);
    return { accountId: used.accountId, ...ended };
  });
}
