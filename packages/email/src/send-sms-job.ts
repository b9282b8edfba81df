import { payloadItems } from './batch-jobs.ts';

/**
 * The queue's side of a text message: the job carries only the sms_outbox row's id (`{ smsId }`), or a
 * list of them (a batch, decision 0089).
 */
export const sendSmsTask = 'send-sms';

/** The key of a message's own job (a batch's job has none). */
export const smsJobKeyPrefix = 'sms-outbox-';

export function parseSendSmsPayload(payload: unknown): { smsId: number } {
  const smsId = (payload as { smsId?: unknown } | null)?.smsId;
  if (typeof smsId !== 'number' || !Number.isSafeInteger(smsId) || smsId <= 0) {
    throw new Error('The send-sms job has no valid smsId.');
  }
  return { smsId };
}

/** The message ids of a send-sms job: its one `{ smsId }`, or the list of a batch (decision 0089). */
export function smsIdsOf(payload: unknown): number[] {
  return payloadItems(payload, (item) => parseSendSmsPayload(item).smsId);
}
