/** The queue's side of a text message: the job carries only the sms_outbox row's id. */
export const sendSmsTask = 'send-sms';

/** One job per outbox row. */
export const smsJobKeyPrefix = 'sms-outbox-';

export function parseSendSmsPayload(payload: unknown): { smsId: number } {
  const smsId = (payload as { smsId?: unknown } | null)?.smsId;
  if (typeof smsId !== 'number' || !Number.isSafeInteger(smsId) || smsId <= 0) {
    throw new Error('The send-sms job has no valid smsId.');
  }
  return { smsId };
}
