import { codeValidMinutes, type VerificationMode } from '@vet/contracts/verification';
import type { Database, Executor } from '@vet/db/connection';
import { enqueueEmail } from '@vet/email/enqueue-email';
import { type Identity, badRequest, tooManyRequests } from '../../platform/index.ts';
import { recordAlreadyLinked } from './link-conflicts.ts';
import { checkTokenHash, generateCheckToken, generateCode, hashCode } from './verification-code.ts';
import { verificationEmail, type OnboardingSettings } from './verification-email.ts';
import type { CodeRow, Offer, VerificationRepository } from './verification-repository.ts';

/** R4.17: a code is valid 30 minutes (decision 0056); a record gets at most one code a minute and 5 a day. */
export const CODE_VALID_MS = codeValidMinutes * 60 * 1000;
export const RESEND_INTERVAL_MS = 60 * 1000;
export const SENDS_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Who the code will link: nobody yet (anonymous pre-signup, mode signup) or the signed-in identity. */
export interface Binding {
  mode: VerificationMode;
  identity: Identity | null;
}

export function identityOfRow(row: Pick<CodeRow, 'identityIssuer' | 'identitySubject'>): Identity | null {
  return row.identityIssuer !== null && row.identitySubject !== null
    ? { issuer: row.identityIssuer, subject: row.identitySubject }
    : null;
}

/**
 * Issues and sends verification codes. Each code is its own row and is sent once: a resend supersedes
 * the row with a new one (the check token moves along), so counting sent rows counts e-mails. The code
 * row and its e-mail are written in one transaction (R4.26): both or neither.
 */
export function createCodeSender(
  db: Database,
  repository: VerificationRepository,
  settings: OnboardingSettings,
) {
  const expiry = (now: Date) => new Date(now.getTime() + CODE_VALID_MS);

  /** Why no code may go to the record now, or null when one may. */
  async function sendRefusal(tx: Executor, clientId: number, now: Date): Promise<string | null> {
    const sends = await repository.sendsSince(tx, clientId, new Date(now.getTime() - DAY_MS));
    if (sends.last !== null && now.getTime() - sends.last.getTime() < RESEND_INTERVAL_MS)
      return 'A code was sent less than a minute ago. Please wait a minute before asking for another.';
    if (sends.count >= SENDS_PER_DAY)
      return 'We have sent the most codes we can today. Please try again tomorrow, or call your practice.';
    return null;
  }

  async function enqueueCode(
    tx: Executor,
    to: { clientId: number; firstName: string; email: string },
    code: string,
    mode: VerificationMode,
  ) {
    await enqueueEmail(
      tx,
      verificationEmail(settings, {
        to: to.email,
        firstName: to.firstName,
        clientId: to.clientId,
        code,
        mode,
      }),
    );
  }

  return {
    /**
     * VerifyClient: a code to the address on file, and the check's token. Over the record's limits no
     * e-mail goes, but the answer is the same (a check's answer must not depend on who asked before):
     * the code sent earlier still works, and the token can ask again later.
     */
    async issueForCheck(clientId: number, binding: Binding, now: Date): Promise<string> {
      const token = generateCheckToken();
      const tokenHash = checkTokenHash(token);
      await db.transaction(async (tx) => {
        const target = await repository.lockSendTarget(tx, clientId);
        if (!target?.email) throw new Error('A VerifyClient match has no e-mail on file.');
        const existing = await repository.findLiveSent(tx, clientId, binding.identity, now);
        if ((await sendRefusal(tx, clientId, now)) === null) {
          if (existing) await repository.supersede(tx, existing.id, now);
          const code = generateCode();
          await repository.insert(tx, {
            clientId,
            identity: binding.identity,
            codeHash: hashCode(settings.codePepper, code),
            mode: binding.mode,
            checkTokenHash: tokenHash,
            offer: null,
            sent: true,
            now,
            expiresAt: expiry(now),
          });
          await enqueueCode(tx, { ...target, email: target.email }, code, binding.mode);
        } else if (existing) {
          await repository.setCheckToken(tx, existing.id, tokenHash);
        } else {
          await repository.insert(tx, {
            clientId,
            identity: binding.identity,
            // Never sent: a placeholder no one knows, replaced when the code is sent.
            codeHash: hashCode(settings.codePepper, generateCode()),
            mode: binding.mode,
            checkTokenHash: tokenHash,
            offer: null,
            sent: false,
            now,
            expiresAt: expiry(now),
          });
        }
      });
      return token;
    },

    /** ChooseEmail / ChoosePostcode: nothing is sent until the person confirms the offer. */
    async offerForCheck(clientId: number, binding: Binding, offer: Offer, now: Date): Promise<string> {
      const token = generateCheckToken();
      await repository.insert(db, {
        clientId,
        identity: binding.identity,
        codeHash: hashCode(settings.codePepper, generateCode()),
        mode: binding.mode,
        checkTokenHash: checkTokenHash(token),
        offer,
        sent: false,
        now,
        expiresAt: expiry(now),
      });
      return token;
    },

    /**
     * Sends a code for a row: its first (a confirmed offer), or a new one in its place (a resend). Over
     * the limits: 429. A record linked meanwhile: 409.
     */
    async send(row: CodeRow, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        const target = await repository.lockSendTarget(tx, row.clientId);
        if (!target) throw badRequest('This check has expired. Please check your details again.');
        if (target.linkedTo) throw recordAlreadyLinked();
        if (!target.email)
          throw badRequest('We have no e-mail address to send a code to. Please call your practice.');
        const refusal = await sendRefusal(tx, row.clientId, now);
        if (refusal !== null) throw tooManyRequests(refusal);

        const code = generateCode();
        const codeHash = hashCode(settings.codePepper, code);
        if (row.sendCount === 0) {
          await repository.markSent(tx, row.id, { codeHash, now, expiresAt: expiry(now) });
        } else {
          await repository.supersede(tx, row.id, now);
          await repository.insert(tx, {
            clientId: row.clientId,
            identity: identityOfRow(row),
            codeHash,
            mode: row.mode,
            checkTokenHash: row.checkTokenHash,
            offer: row.offer,
            sent: true,
            now,
            expiresAt: expiry(now),
          });
        }
        await enqueueCode(tx, { ...target, email: target.email }, code, row.mode);
      });
    },
  };
}

export type CodeSender = ReturnType<typeof createCodeSender>;
