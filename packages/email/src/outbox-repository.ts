import type { emailOutboxStatuses } from '@vet/contracts/dev-mailbox';
import type { Database } from '@vet/db/connection';
import { emailOutbox, type OutboxAttachment } from '@vet/db/schema/system';
import { eq, sql } from 'drizzle-orm';

/** The worker's transaction: every read and write of one delivery runs in it, under the row's lock. */
export type OutboxTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

type EmailOutboxStatus = (typeof emailOutboxStatuses)[number];

/** An outbox row as the worker delivers it. */
export interface OutboxEmail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: OutboxAttachment[];
  status: EmailOutboxStatus;
  createdAt: Date;
}

/**
 * Locks the row for this delivery, or returns undefined when another worker holds it (skip locked: never
 * wait behind a slow SMTP conversation) or it does not exist. The lock lasts until the transaction ends,
 * so two workers can never send the same row at once.
 */
export async function lockOutboxEmail(tx: OutboxTransaction, id: number): Promise<OutboxEmail | undefined> {
  const [row] = await tx
    .select({
      id: emailOutbox.id,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      text: emailOutbox.textBody,
      html: emailOutbox.htmlBody,
      attachments: emailOutbox.attachments,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id))
    .for('update', { skipLocked: true });
  return row;
}

export async function outboxEmailExists(tx: OutboxTransaction, id: number): Promise<boolean> {
  const [row] = await tx.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.id, id));
  return row !== undefined;
}

export async function markOutboxEmailSent(tx: OutboxTransaction, id: number): Promise<void> {
  await tx
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, attempts: sql`${emailOutbox.attempts} + 1` })
    .where(eq(emailOutbox.id, id));
}

export interface DeliveryFailure {
  /** Codes only (see describeFailure): never an address, subject or server reply text. */
  reason: string;
  /** The last attempt the queue will make: the e-mail is marked failed. */
  final: boolean;
  /** When the queue tries again (its own back-off), recorded for whoever reads the outbox. */
  retryInSeconds: number;
}

export async function recordOutboxFailure(
  tx: OutboxTransaction,
  id: number,
  { reason, final, retryInSeconds }: DeliveryFailure,
): Promise<void> {
  await tx
    .update(emailOutbox)
    .set({
      status: final ? 'failed' : 'pending',
      attempts: sql`${emailOutbox.attempts} + 1`,
      lastError: reason,
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
    })
    .where(eq(emailOutbox.id, id));
}
