import { outboxSmsDelivery, twilioSmsDelivery, type SmsDelivery } from '@vet/email/sms-delivery';

/** Where text messages go (SMS_PROVIDER and Twilio's settings, decision 0085). */
export type SmsSettings =
  | { provider: 'off' | 'outbox' }
  | { provider: 'twilio'; accountSid: string; authToken: string; from: string; apiUrl: string };

/** The delivery the worker uses; undefined when SMS is off (no SMS reminder is queued then). */
export function smsDeliveryOf(settings: SmsSettings): SmsDelivery | undefined {
  if (settings.provider === 'off') return undefined;
  if (settings.provider === 'outbox') return outboxSmsDelivery;
  if (settings.provider !== 'twilio') return undefined;
  return twilioSmsDelivery({
    accountSid: settings.accountSid,
    authToken: settings.authToken,
    from: settings.from,
    baseUrl: settings.apiUrl,
  });
}
