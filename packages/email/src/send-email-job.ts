import { payloadItems } from './batch-jobs.ts';

/**
 * The job queue's side of an e-mail: the task that delivers outbox rows. The job carries only the rows'
 * ids (one `{ outboxId }`, or a list of them: a batch, decision 0089), so the queue's tables (and its
 * logs of failed jobs) hold no personal data.
 */
export const sendEmailTask = 'send-email';

/**
 * graphile-worker waits e^attempts seconds between tries (capped at e^10 ≈ 6 h): 13 attempts keep trying
 * for about a day before the e-mail is marked failed.
 */
export const defaultMaxAttempts = 13;

/** One job per outbox row: enqueueing the same row twice replaces the waiting job rather than adding one. */
export const jobKeyPrefix = 'email-outbox-';

export interface SendEmailPayload {
  outboxId: number;
}

export function parseSendEmailPayload(payload: unknown): SendEmailPayload {
  const outboxId = (payload as { outboxId?: unknown } | null)?.outboxId;
  if (typeof outboxId !== 'number' || !Number.isSafeInteger(outboxId) || outboxId <= 0) {
    throw new Error('The send-email job has no valid outboxId.');
  }
  return { outboxId };
}

/** The outbox ids of a send-email job: its one `{ outboxId }`, or the list of a batch (decision 0089). */
export function outboxIdsOf(payload: unknown): number[] {
  return payloadItems(payload, (item) => parseSendEmailPayload(item).outboxId);
}
