import type { Database } from '@vet/db/connection';
import type { Task } from 'graphile-worker';
import { describeFailure } from './describe-failure.ts';
import type { EmailDelivery } from './email-delivery.ts';
import type { EmailLogger } from './email-logger.ts';
import {
  lockOutboxEmail,
  markOutboxEmailSent,
  outboxEmailExists,
  recordOutboxFailure,
} from './outbox-repository.ts';
import { parseSendEmailPayload } from './send-email-job.ts';

/** Thrown to the queue so that it retries; its message is a reason made of codes (no personal data). */
export class EmailNotSentError extends Error {
  override name = 'EmailNotSentError';
}

/** graphile-worker's back-off after a failed attempt n: e^min(n, 10) seconds. */
const queueBackOffSeconds = (attempt: number) => Math.exp(Math.min(attempt, 10));

type Outcome = 'sent' | 'already-sent' | 'missing' | 'busy' | { failed: string };

/**
 * Delivers one outbox row. The row is locked for the whole conversation with the server and marked sent
 * in the same transaction, so a second job for the row (or a retry after a crash that came after the
 * commit) finds it sent and sends nothing. When the database goes away after the server accepted the
 * message and before the commit, the transaction is lost but this process remembers the delivery: its
 * retry records the row as sent without sending again. The one window left is the worker's process
 * dying in that moment (or another instance taking the retry): then the e-mail goes out again (at least
 * once, never lost).
 */
export function createSendEmailTask(options: {
  db: Database;
  delivery: EmailDelivery;
  logger: EmailLogger;
}): Task {
  const { db, delivery, logger } = options;
  /** Outbox ids the mail server accepted whose row could not be marked sent yet (the database went away). */
  const deliveredNotRecorded = new Set<number>();
  return async (payload, helpers) => {
    const { outboxId } = parseSendEmailPayload(payload);
    const attempt = helpers.job.attempts;
    const maxAttempts = helpers.job.max_attempts;
    const fields = { outboxId, attempt, maxAttempts, delivery: delivery.kind };

    let outcome: Outcome;
    try {
      outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const email = await lockOutboxEmail(tx, outboxId);
        if (!email) return (await outboxEmailExists(tx, outboxId)) ? 'busy' : 'missing';
        if (email.status === 'sent') return 'already-sent';
        if (deliveredNotRecorded.has(outboxId)) {
          await markOutboxEmailSent(tx, outboxId);
          return 'sent';
        }
        try {
          await delivery.deliver(email);
          deliveredNotRecorded.add(outboxId);
        } catch (error) {
          const reason = `not delivered: ${describeFailure(error)}`;
          const final = attempt >= maxAttempts;
          await recordOutboxFailure(tx, outboxId, {
            reason,
            final,
            retryInSeconds: final ? 0 : queueBackOffSeconds(attempt),
          });
          return { failed: reason };
        }
        await markOutboxEmailSent(tx, outboxId);
        return 'sent';
      });
    } catch (error) {
      // The outbox itself failed (the database went away, say): the queue tries again later.
      const reason = `outbox error: ${describeFailure(error)}`;
      logger.error(
        { ...fields, reason },
        deliveredNotRecorded.has(outboxId)
          ? 'e-mail sent but not recorded; the queue will try again, and record it without sending'
          : 'e-mail not sent; the queue will try again',
      );
      throw new EmailNotSentError(reason);
    }

    if (outcome === 'sent' || outcome === 'already-sent' || outcome === 'missing') {
      deliveredNotRecorded.delete(outboxId);
    }
    if (outcome === 'sent') {
      logger.info(
        fields,
        delivery.kind === 'smtp' ? 'e-mail sent' : 'e-mail kept in the development mailbox',
      );
    } else if (outcome === 'already-sent' || outcome === 'missing') {
      logger.debug({ ...fields, outcome }, 'nothing to send');
    } else if (outcome === 'busy') {
      // Another worker holds the row (its job lock expired while it was still sending): look again later.
      throw new EmailNotSentError('busy: another worker is sending this e-mail');
    } else {
      const final = attempt >= maxAttempts;
      logger[final ? 'error' : 'warn'](
        { ...fields, reason: outcome.failed },
        final ? 'e-mail not sent after the last attempt; marked failed' : 'e-mail not sent; will retry',
      );
      throw new EmailNotSentError(outcome.failed);
    }
  };
}
