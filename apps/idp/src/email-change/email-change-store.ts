import { and, count, desc, eq, gt, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '@vet/db/connection';
import { idpAccounts, idpEmailChanges } from '@vet/db/schema/identity';
import { enqueueEmail } from '@vet/email/enqueue-email';
import type { OutgoingEmail } from '@vet/email/outgoing-email';
import { endEverySession, type EndedSessions } from '../password-reset/end-sessions.ts';
import { sameHash } from '../sign-up/sign-up-code.ts';

const HOUR_MS = 60 * 60_000;

/** Kept instead of a code that was not sent: a hex HMAC never equals it, so no code works. */
const NO_CODE = 'not-sent';

export interface NewEmailChange {
  /** The row's id, made by the caller: the code's HMAC is bound to it. */
  id: string;
  accountId: string;
  /** Normalised (emailKey). */
  newEmail: string;
  /** The code's HMAC; null when the e-mail carries no code (another account uses the address). */
  codeHash: string | null;
  now: Date;
  expiresAt: Date;
  /** The code, or for an address another account uses the note that says so. */
  emailToSend: OutgoingEmail;
  /** Fewer than this many changes to the address in the last hour, or the e-mail is not sent. */
  maxEmailsPerHour: number;
}

/**
 * Records the change waiting for its code and queues its e-mail in the same transaction (both or
 * neither). The account's earlier pending changes stop working. Past the new address's share of e-mails
 * this hour the row is still written, so that nothing about the answer changes, but no e-mail goes out and
 * no code is kept (as sign-up, decision 0027).
 */
export async function issueEmailChange(db: Database, change: NewEmailChange): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`email-change:${change.newEmail}`}, 0))`,
    );
    const [recent] = await tx
      .select({ made: count() })
      .from(idpEmailChanges)
      .where(
        and(
          eq(idpEmailChanges.newEmail, change.newEmail),
          gte(idpEmailChanges.createdAt, new Date(change.now.getTime() - HOUR_MS)),
        ),
      );
    await tx
      .update(idpEmailChanges)
      .set({ expiresAt: change.now })
      .where(and(eq(idpEmailChanges.accountId, change.accountId), usable(change.now)));
    const send = (recent?.made ?? 0) < change.maxEmailsPerHour;
    await tx.insert(idpEmailChanges).values({
      id: change.id,
      accountId: change.accountId,
      newEmail: change.newEmail,
      codeHash: send && change.codeHash !== null ? change.codeHash : NO_CODE,
      expiresAt: change.expiresAt,
      createdAt: change.now,
    });
    if (send) await enqueueEmail(tx, change.emailToSend);
  });
}

function usable(now: Date) {
  return and(isNull(idpEmailChanges.usedAt), gt(idpEmailChanges.expiresAt, now));
}

export type EmailChangeOutcome =
  | { outcome: 'changed'; accountId: string; newEmail: string; ended: EndedSessions }
  /** Not the code, or (indistinguishably) an address another account uses. */
  | { outcome: 'wrong' }
  /** Expired, used, replaced, tried too often, or unknown: a new request is needed. */
  | { outcome: 'expired' };

/**
 * Checks the code of a pending change; the right one changes the account's address (now proven), ends
 * every session of the account here and in the portal, and queues the notice to the old address, all in
 * one transaction. Every wrong try counts.
 */
export async function confirmEmailChange(
  db: Database,
  input: {
    changeId: string;
    codeHash: string;
    now: Date;
    maxAttempts: number;
    issuer: string;
    /** The notice to the old address, given it and the new one. */
    notice: (oldEmail: string, newEmail: string) => OutgoingEmail;
  },
): Promise<EmailChangeOutcome> {
  return db.transaction(async (tx): Promise<EmailChangeOutcome> => {
    const [change] = await tx
      .select()
      .from(idpEmailChanges)
      .where(and(eq(idpEmailChanges.id, input.changeId), usable(input.now)))
      .orderBy(desc(idpEmailChanges.createdAt))
      .limit(1)
      .for('update');
    if (!change || change.attempts >= input.maxAttempts) return { outcome: 'expired' };
    if (!sameHash(change.codeHash, input.codeHash)) {
      await tx
        .update(idpEmailChanges)
        .set({ attempts: change.attempts + 1 })
        .where(eq(idpEmailChanges.id, change.id));
      return change.attempts + 1 >= input.maxAttempts ? { outcome: 'expired' } : { outcome: 'wrong' };
    }
    await tx.update(idpEmailChanges).set({ usedAt: input.now }).where(eq(idpEmailChanges.id, change.id));
    const [taken] = await tx
      .select({ id: idpAccounts.id })
      .from(idpAccounts)
      .where(and(eq(idpAccounts.email, change.newEmail), ne(idpAccounts.id, change.accountId)));
    if (taken) return { outcome: 'wrong' };
    const [before] = await tx
      .select({ email: idpAccounts.email })
      .from(idpAccounts)
      .where(eq(idpAccounts.id, change.accountId))
      .for('update');
    if (!before) return { outcome: 'expired' };
    // In a savepoint: an account made with the address since the check above (the unique index refuses
    // the update) makes this a wrong code, as for anyone, and the wrong try still counts.
    const updated = await tx
      .transaction((savepoint) =>
        savepoint
          .update(idpAccounts)
          .set({ email: change.newEmail, emailVerified: true, updatedAt: input.now })
          .where(eq(idpAccounts.id, change.accountId))
          .returning({ id: idpAccounts.id }),
      )
      .catch((error: unknown) => {
        const { code, cause } = error as { code?: string; cause?: { code?: string } };
        if ((code ?? cause?.code) === '23505') return [];
        throw error;
      });
    if (updated.length === 0) return { outcome: 'wrong' };
    const ended = await endEverySession(tx, change.accountId, input.issuer);
    if (before.email !== change.newEmail) await enqueueEmail(tx, input.notice(before.email, change.newEmail));
    return { outcome: 'changed', accountId: change.accountId, newEmail: change.newEmail, ended };
  });
}

/** Deletes changes made over an hour ago: the per-address count looks back one hour. */
export async function pruneOldEmailChanges(db: Database): Promise<void> {
  await db.delete(idpEmailChanges).where(lt(idpEmailChanges.createdAt, new Date(Date.now() - HOUR_MS)));
}
