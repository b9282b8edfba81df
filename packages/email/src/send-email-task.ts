import type { Database } from '@vet/db/connection';
import type { Task } from 'graphile-worker';
import { failedItem } from './batch-jobs.ts';
import { describeFailure } from './describe-failure.ts';
import type { EmailDelivery } from './email-delivery.ts';
import type { EmailLogger } from './email-logger.ts';
import {
  existingOutboxEmails,
  lockOutboxEmails,
  markOutboxEmailsSent,
  recordOutboxFailure,
} from './outbox-repository.ts';
import { outboxIdsOf } from './send-email-job.ts';

/** Thrown to the queue so that it retries; its message is a reason made of codes (no personal data). */
export class EmailNotSentError extends Error {
  override name = 'EmailNotSentError';
}

/** graphile-worker's back-off after a failed attempt n: e^min(n, 10) seconds. */
const queueBackOffSeconds = (attempt: number) => Math.exp(Math.min(attempt, 10));

type Outcome = 'sent' | 'already-sent' | 'missing' | 'busy' | { failed: string };

/**
 * Delivers outbox rows: the one of a job, or each of a batch's (decision 0089), in one transaction. The
 * rows are locked for the whole conversation with the server and marked sent in the same transaction,
 * so a second job for a row (or a retry after a crash that came after the commit) finds it sent and
 * sends nothing. When the database goes away after the server accepted a message and before the commit,
 * the transaction is lost but this process remembers the delivery: its retry records the row as sent
 * without sending again. The one window left is the worker's process dying in that moment (or another
 * instance taking the retry): then the e-mails of that job go out again (at least once, never lost).
 * Of a batch, only the rows that failed (or that another worker held) are tried again: the task returns
 * a result for each, and the queue keeps the failed ones as the job's new payload.
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
    const ids = outboxIdsOf(payload);
    const attempt = helpers.job.attempts;
    const maxAttempts = helpers.job.max_attempts;
    const final = attempt >= maxAttempts;
    const fieldsOf = (outboxId: number) => ({ outboxId, attempt, maxAttempts, delivery: delivery.kind });

    let outcomes: Map<number, Outcome>;
    try {
      outcomes = await db.transaction(async (tx) => {
        const result = new Map<number, Outcome>();
        const emails = await lockOutboxEmails(tx, ids);
        const unlocked = ids.filter((id) => !emails.some((email) => email.id === id));
        if (unlocked.length > 0) {
          const existing = await existingOutboxEmails(tx, unlocked);
          for (const id of unlocked) result.set(id, existing.has(id) ? 'busy' : 'missing');
        }
        const sent: number[] = [];
        for (const email of emails) {
          if (email.status === 'sent') {
            result.set(email.id, 'already-sent');
            continue;
          }
          if (!deliveredNotRecorded.has(email.id)) {
            try {
              await delivery.deliver(email);
              deliveredNotRecorded.add(email.id);
            } catch (error) {
              const reason = `not delivered: ${describeFailure(error)}`;
              await recordOutboxFailure(tx, email.id, {
                reason,
                final,
                retryInSeconds: final ? 0 : queueBackOffSeconds(attempt),
              });
              result.set(email.id, { failed: reason });
              continue;
            }
          }
          sent.push(email.id);
          result.set(email.id, 'sent');
        }
        await markOutboxEmailsSent(tx, sent, { redact: delivery.kind === 'smtp' });
        return result;
      });
    } catch (error) {
      // The outbox itself failed (the database went away, say): the queue tries the whole job again later.
      const reason = `outbox error: ${describeFailure(error)}`;
      for (const id of ids) {
        logger.error(
          { ...fieldsOf(id), reason },
          deliveredNotRecorded.has(id)
            ? 'e-mail sent but not recorded; the queue will try again, and record it without sending'
            : 'e-mail not sent; the queue will try again',
        );
      }
      throw new EmailNotSentError(reason);
    }

    const results = ids.map((id): Promise<void> => {
      const outcome = outcomes.get(id) ?? 'missing';
      const fields = fieldsOf(id);
      if (outcome === 'sent' || outcome === 'already-sent' || outcome === 'missing') {
        deliveredNotRecorded.delete(id);
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
        return failedItem(new EmailNotSentError('busy: another worker is sending this e-mail'));
      } else {
        logger[final ? 'error' : 'warn'](
          { ...fields, reason: outcome.failed },
          final ? 'e-mail not sent after the last attempt; marked failed' : 'e-mail not sent; will retry',
        );
        return failedItem(new EmailNotSentError(outcome.failed));
      }
      return Promise.resolve();
    });
    if (Array.isArray(payload)) return results;
    // A job of one e-mail fails as a whole, as before batches.
    await results[0];
  };
}
