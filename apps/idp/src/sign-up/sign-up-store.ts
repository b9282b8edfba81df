import { and, count, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '@vet/db/connection';
import { idpSignUps } from '@vet/db/schema/identity';
import { enqueueEmail } from '@vet/email/enqueue-email';
import type { OutgoingEmail } from '@vet/email/outgoing-email';
import { createAccount } from '../accounts.ts';
import { sameHash } from './sign-up-code.ts';

const HOUR_MS = 60 * 60_000;

/** Kept instead of a code that was not sent: a hex HMAC never equals it, so no code works. */
const NO_CODE = 'not-sent';

export interface NewSignUp {
  interactionUid: string;
  /** Normalised (emailKey). */
  email: string;
  passwordHash: string;
  /** The code's HMAC; null when the e-mail carries no code (the address has an account). */
  codeHash: string | null;
  now: Date;
  expiresAt: Date;
  /** The code, or for an address with an account the note that says so. */
  emailToSend: OutgoingEmail;
  /** Fewer than this many sign-ups for the address in the last hour, or the e-mail is not sent. */
  maxEmailsPerHour: number;
}

/**
 * Records the sign-up waiting for its code and queues its e-mail in the same transaction (both happen or
 * neither, R4.26). The interaction's earlier sign-ups stop working. Past the address's share of e-mails
 * this hour the row is still written, so that nothing about the answer changes, but no e-mail goes out
 * and no code is kept: a code no one was sent could only be guessed, quietly and without end.
 */
export async function issueSignUp(db: Database, signUp: NewSignUp): Promise<void> {
  await db.transaction(async (tx) => {
    // One sign-up of an address at a time, so that concurrent ones cannot all pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign-up:${signUp.email}`}, 0))`);
    const [recent] = await tx
      .select({ made: count() })
      .from(idpSignUps)
      .where(
        and(
          eq(idpSignUps.email, signUp.email),
          gte(idpSignUps.createdAt, new Date(signUp.now.getTime() - HOUR_MS)),
        ),
      );
    await tx
      .update(idpSignUps)
      .set({ expiresAt: signUp.now })
      .where(and(eq(idpSignUps.interactionUid, signUp.interactionUid), usable(signUp.now)));
    const send = (recent?.made ?? 0) < signUp.maxEmailsPerHour;
    await tx.insert(idpSignUps).values({
      interactionUid: signUp.interactionUid,
      email: signUp.email,
      passwordHash: signUp.passwordHash,
      codeHash: send && signUp.codeHash !== null ? signUp.codeHash : NO_CODE,
      expiresAt: signUp.expiresAt,
      createdAt: signUp.now,
    });
    if (send) await enqueueEmail(tx, signUp.emailToSend);
  });
}

function usable(now: Date) {
  return and(isNull(idpSignUps.usedAt), gt(idpSignUps.expiresAt, now));
}

export type CodeOutcome =
  | { outcome: 'created'; accountId: string }
  /** Not the code, or (indistinguishably) an address that already had an account. */
  | { outcome: 'wrong' }
  /** Expired, used, tried too often, or no sign-up in this interaction: a new one is needed. */
  | { outcome: 'expired' };

/**
 * Checks the code against the interaction's newest sign-up; the right one creates the account (its
 * address now proven) and uses the sign-up, in one transaction. Every wrong try counts.
 */
export async function confirmSignUp(
  db: Database,
  input: { interactionUid: string; codeHash: string; now: Date; maxAttempts: number },
): Promise<CodeOutcome> {
  return db.transaction(async (tx): Promise<CodeOutcome> => {
    const [signUp] = await tx
      .select()
      .from(idpSignUps)
      .where(and(eq(idpSignUps.interactionUid, input.interactionUid), usable(input.now)))
      .orderBy(desc(idpSignUps.createdAt))
      .limit(1)
      .for('update');
    if (!signUp || signUp.attempts >= input.maxAttempts) return { outcome: 'expired' };
    if (!sameHash(signUp.codeHash, input.codeHash)) {
      await tx
        .update(idpSignUps)
        .set({ attempts: signUp.attempts + 1 })
        .where(eq(idpSignUps.id, signUp.id));
      return signUp.attempts + 1 >= input.maxAttempts ? { outcome: 'expired' } : { outcome: 'wrong' };
    }
    await tx.update(idpSignUps).set({ usedAt: input.now }).where(eq(idpSignUps.id, signUp.id));
    const accountId = await createAccount(tx, signUp.email, signUp.passwordHash, { emailVerified: true });
    // An account was made for the address in the meantime: the answer is a wrong code, as for anyone.
    return accountId ? { outcome: 'created', accountId } : { outcome: 'wrong' };
  });
}

/** Deletes sign-ups made over an hour ago: the per-address count looks back one hour (run hourly). */
export async function pruneOldSignUps(db: Database): Promise<void> {
  await db.delete(idpSignUps).where(lt(idpSignUps.createdAt, new Date(Date.now() - HOUR_MS)));
}
