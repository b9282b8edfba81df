import type { Database } from '@vet/db/connection';
import { smsOutbox } from '@vet/db/schema/reminders';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import { failedItem } from './batch-jobs.ts';
import { failureWrite } from './outbox-repository.ts';
import { withLinksRedacted } from './redact-links.ts';
import { describeFailure } from './describe-failure.ts';
import type { EmailLogger } from './email-logger.ts';
import { endOfQuietHours, isQuietHours } from './quiet-hours.ts';
import { SmsRefusedError, SmsUnavailableError, type SmsDelivery } from './sms-delivery.ts';
import { sendSmsTask, smsIdsOf, smsJobKeyPrefix } from './send-sms-job.ts';

export class SmsNotSentError extends Error {
  override name = 'SmsNotSentError';
}

type Outcome = 'sent' | 'nothing' | 'busy' | 'quiet' | { refused: string } | { failed: string };

/**
 * Sends sms_outbox rows, the one of a job or each of a batch's (decision 0089), as the e-mail task does:
 * the rows are locked for the calls to the provider and marked sent in the same transaction, so a second
 * job for one sends nothing. A provider that is down is retried with the queue's back-off (of a batch,
 * only the messages that failed); one that refuses a message for good marks it failed at once. A job
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
    const ids = smsIdsOf(payload);
    const attempt = helpers.job.attempts;
    const final = attempt >= helpers.job.max_attempts;
    const fieldsOf = (smsId: number) => ({ smsId, attempt, delivery: delivery.kind });
    let outcomes: Map<number, Outcome>;
    try {
      outcomes = await db.transaction(async (tx) => {
        const result = new Map<number, Outcome>();
        const rows = await tx
          .select({
            id: smsOutbox.id,
            to: smsOutbox.toNumber,
            body: smsOutbox.body,
            status: smsOutbox.status,
          })
          .from(smsOutbox)
          .where(inArray(smsOutbox.id, ids))
          .orderBy(smsOutbox.id)
          .for('update', { skipLocked: true });
        const unlocked = ids.filter((id) => !rows.some((row) => row.id === id));
        if (unlocked.length > 0) {
          const existing = await tx
            .select({ id: smsOutbox.id })
            .from(smsOutbox)
            .where(inArray(smsOutbox.id, unlocked));
          for (const id of unlocked) {
            result.set(id, existing.some((row) => row.id === id) ? 'busy' : 'nothing');
          }
        }
        const quiet = isQuietHours(now());
        const sent: { id: number; providerMessageId: string | null }[] = [];
        for (const row of rows) {
          if (row.status !== 'pending') {
            result.set(row.id, 'nothing');
            continue;
          }
          if (quiet) {
            result.set(row.id, 'quiet');
            continue;
          }
          try {
            sent.push({ id: row.id, providerMessageId: await delivery.deliver(row) });
            result.set(row.id, 'sent');
          } catch (error) {
            const refused = error instanceof SmsRefusedError;
            const reason = `not sent: ${
              refused
                ? `refused (${error.code})`
                : error instanceof SmsUnavailableError
                  ? `unavailable (${error.code})`
                  : describeFailure(error)
            }`;
            const givenUp = refused || final;
            await tx
              .update(smsOutbox)
              .set(
                failureWrite(smsOutbox, reason, givenUp, {
                  body: withLinksRedacted(smsOutbox.body),
                }),
              )
              .where(eq(smsOutbox.id, row.id));
            result.set(row.id, refused ? { refused: reason } : { failed: reason });
          }
        }
        if (sent.length > 0) {
          // Sent by a provider, the message has left: its stored body keeps no working link (security
          // round three, finding 8); the development outbox's copy is the message itself, and keeps them.
          const body = delivery.kind === 'outbox' ? sql`o.body` : withLinksRedacted(sql`o.body`);
          await tx.execute(sql`
            update ${smsOutbox} o
            set status = 'sent', sent_at = now(), provider_message_id = s.provider_message_id,
              attempts = o.attempts + 1, body = ${body}
            from jsonb_to_recordset(${JSON.stringify(
              sent.map(({ id, providerMessageId }) => ({ id, provider_message_id: providerMessageId })),
            )}::jsonb) as s(id bigint, provider_message_id text)
            where o.id = s.id`);
        }
        return result;
      });
    } catch (error) {
      const reason = `outbox error: ${describeFailure(error)}`;
      for (const id of ids) {
        logger.error({ ...fieldsOf(id), reason }, 'text message not sent; the queue will try again');
      }
      throw new SmsNotSentError(reason);
    }
    const quiet = ids.filter((id) => outcomes.get(id) === 'quiet');
    if (quiet.length > 0) {
      await helpers.addJob(
        sendSmsTask,
        Array.isArray(payload) ? quiet.map((smsId) => ({ smsId })) : { smsId: quiet[0] },
        {
          runAt: endOfQuietHours(now()),
          // A job of one keeps its key: enqueueing the row again replaces the waiting job.
          ...(Array.isArray(payload) ? {} : { jobKey: `${smsJobKeyPrefix}${quiet[0]}` }),
          maxAttempts: helpers.job.max_attempts,
        },
      );
    }
    const results = ids.map((id): Promise<void> => {
      const outcome = outcomes.get(id) ?? 'nothing';
      const fields = fieldsOf(id);
      if (outcome === 'sent') {
        logger.info(
          fields,
          delivery.kind === 'outbox' ? 'text message kept in the development outbox' : 'text message sent',
        );
      } else if (outcome === 'nothing') {
        logger.debug(fields, 'nothing to send');
      } else if (outcome === 'busy') {
        return failedItem(new SmsNotSentError('busy: another worker is sending this message'));
      } else if (outcome === 'quiet') {
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
        return failedItem(new SmsNotSentError(outcome.failed));
      }
      return Promise.resolve();
    });
    if (Array.isArray(payload)) return results;
    await results[0];
  };
}
