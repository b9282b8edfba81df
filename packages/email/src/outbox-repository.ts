import type { emailOutboxStatuses } from '@vet/contracts/dev-mailbox';
import type { Database } from '@vet/db/connection';
import { emailOutbox, type OutboxAttachment } from '@vet/db/schema/system';
import { eq, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import { withLinksRedacted } from './redact-links.ts';

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
 * Locks the rows for this delivery and returns those it locked, in id order: a row another worker holds
 * is left out (skip locked: never wait behind a slow SMTP conversation), as is one that does not exist.
 * The locks last until the transaction ends, so two workers can never send the same row at once.
 */
export async function lockOutboxEmails(
  tx: OutboxTransaction,
  ids: readonly number[],
): Promise<OutboxEmail[]> {
  return tx
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
    .where(inArray(emailOutbox.id, [...ids]))
    .orderBy(emailOutbox.id)
    .for('update', { skipLocked: true });
}

/** One row, locked as lockOutboxEmails locks them; undefined when another worker holds it or it is gone. */
export async function lockOutboxEmail(tx: OutboxTransaction, id: number): Promise<OutboxEmail | undefined> {
  return (await lockOutboxEmails(tx, [id]))[0];
}

/** Which of these ids have a row (locked or not). */
export async function existingOutboxEmails(
  tx: OutboxTransaction,
  ids: readonly number[],
): Promise<Set<number>> {
  const rows = await tx
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(inArray(emailOutbox.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/** The body columns with their link credentials redacted (redact-links.ts), for the statement's SET. */
const redactedBodies = () => ({
  textBody: withLinksRedacted(emailOutbox.textBody),
  htmlBody: withLinksRedacted(emailOutbox.htmlBody),
});

/**
 * Marks the rows sent. `redact`: the message has left the portal (an SMTP server accepted it), so the same
 * statement takes the working links out of its stored body (security round three, finding 8); the
 * development mailbox's copy is the message itself, and keeps them.
 */
export async function markOutboxEmailsSent(
  tx: OutboxTransaction,
  ids: readonly number[],
  options: { redact: boolean },
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(emailOutbox)
    .set({
      status: 'sent',
      sentAt: sql`now()`,
      attempts: sql`${emailOutbox.attempts} + 1`,
      ...(options.redact ? redactedBodies() : {}),
    })
    .where(inArray(emailOutbox.id, [...ids]));
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
      ...failureWrite(emailOutbox, reason, final, redactedBodies()),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
    })
    .where(eq(emailOutbox.id, id));
}

/**
 * What a failed delivery writes to its outbox row, an e-mail's or a text message's: given up, the row is
 * failed and its bodies keep no working link, as nobody will be sent them now (security round three,
 * finding 8); otherwise it is pending again, for the queue's retry.
 */
export function failureWrite<
  Outbox extends { attempts: Column },
  Bodies extends { [Name in keyof Bodies]: Name extends keyof Outbox ? SQL : never },
>(outbox: Outbox, reason: string, givenUp: boolean, redactedBodies: Bodies) {
  return {
    status: givenUp ? ('failed' as const) : ('pending' as const),
    attempts: sql`${outbox.attempts} + 1`,
    lastError: reason,
    ...(givenUp ? redactedBodies : {}),
  };
}
