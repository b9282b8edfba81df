import type { Database } from '@vet/db/connection';
import { smsOutbox } from '@vet/db/schema/reminders';
import { eq, sql } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import { describeFailure } from './describe-failure.ts';
import type { EmailLogger } from './email-logger.ts';
import { endOfQuietHours, isQuietHours } from './quiet-hours.ts';
import { SmsRefusedError, SmsUnavailableError, type SmsDelivery } from './sms-delivery.ts';
import { parseSendSmsPayload, sendSmsTask, smsJobKeyPrefix } from './send-sms-job.ts';

export class SmsNotSentError extends Error {
  override name = 'SmsNotSentError';
}

type Outcome = 'sent' | 'nothing' | 'busy' | 'quiet' | { refused: string } | { failed: string };

/**
 * Sends one sms_outbox row, as the e-mail task does: the row is locked for the call to the provider and
 * marked sent in the same transaction, so a second job for it sends nothing. A provider that is down is
 * retried with the queue's back-off; one that refuses the message for good marks it failed at once. A job
 * that comes due in quiet hours (a retry that ran into the evening) is moved to 08:00.
 */
export function createSendSmsTask(options: {
  db: Database;
  delivery: SmsDelivery;
  logger: EmailLogger;
  now?: () => Date;
}): Task {
  const { db, delivery, logger } = options;
  const now = options.now ?? (() => new Date());
  return async (payload, helpers) => {
    const { smsId } = parseSendSmsPayload(payload);
    const attempt = helpers.job.attempts;
    const final = attempt >= helpers.job.max_attempts;
    const fields = { smsId, attempt, delivery: delivery.kind };
    let outcome: Outcome;
    try {
      outcome = await db.transaction(async (tx): Promise<Outcome> => {
        const [row] = await tx
          .select({
            id: smsOutbox.id,
            to: smsOutbox.toNumber,
            body: smsOutbox.body,
            status: smsOutbox.status,
          })
          .from(smsOutbox)
          .where(eq(smsOutbox.id, smsId))
          .for('update', { skipLocked: true });
        if (!row) {
          const [exists] = await tx
            .select({ id: smsOutbox.id })
            .from(smsOutbox)
            .where(eq(smsOutbox.id, smsId));
          return exists ? 'busy' : 'nothing';
        }
        if (row.status !== 'pending') return 'nothing';
        if (isQuietHours(now())) return 'quiet';
        try {
          const providerMessageId = await delivery.deliver(row);
          await tx
            .update(smsOutbox)
            .set({
              status: 'sent',
              sentAt: sql`now()`,
              providerMessageId,
              attempts: sql`${smsOutbox.attempts} + 1`,
            })
            .where(eq(smsOutbox.id, smsId));
          return 'sent';
        } catch (error) {
          const refused = error instanceof SmsRefusedError;
          const reason = `not sent: ${
            refused
              ? `refused (${error.code})`
              : error instanceof SmsUnavailableError
                ? `unavailable (${error.code})`
                : describeFailure(error)
          }`;
          await tx
            .update(smsOutbox)
            .set({
              status: refused || final ? 'failed' : 'pending',
              attempts: sql`${smsOutbox.attempts} + 1`,
              lastError: reason,
            })
            .where(eq(smsOutbox.id, smsId));
          return refused ? { refused: reason } : { failed: reason };
        }
      });
    } catch (error) {
      const reason = `outbox error: ${describeFailure(error)}`;
      logger.error({ ...fields, reason }, 'text message not sent; the queue will try again');
      throw new SmsNotSentError(reason);
    }
    if (outcome === 'sent') {
      logger.info(
        fields,
        delivery.kind === 'outbox' ? 'text message kept in the development outbox' : 'text message sent',
      );
    } else if (outcome === 'nothing') {
      logger.debug(fields, 'nothing to send');
    } else if (outcome === 'busy') {
      throw new SmsNotSentError('busy: another worker is sending this message');
    } else if (outcome === 'quiet') {
      await helpers.addJob(
        sendSmsTask,
        { smsId },
        {
          runAt: endOfQuietHours(now()),
          jobKey: `${smsJobKeyPrefix}${smsId}`,
          maxAttempts: helpers.job.max_attempts,
        },
      );
      logger.info(fields, 'text message held until quiet hours end');
    } else if ('refused' in outcome) {
      logger.warn(
        { ...fields, reason: outcome.refused },
        'text message refused by the provider; marked failed',
      );
    } else {
      logger[final ? 'error' : 'warn'](
        { ...fields, reason: outcome.failed },
        final
          ? 'text message not sent after the last attempt; marked failed'
          : 'text message not sent; will retry',
      );
      throw new SmsNotSentError(outcome.failed);
    }
  };
}
