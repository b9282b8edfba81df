import { z } from 'zod';
import { httpUrl } from './values.ts';

/**
 * The text messages' part of the environment (decision 0085). SMS_PROVIDER: `twilio` sends through
 * Twilio's Messages API; `outbox` keeps messages in the development outbox (shown on /dev/mailbox);
 * `off` sends none (reminders go by e-mail only). Unset: outbox outside production, off in production.
 * Production refuses the outbox only when SMS is on: a production group without an SMS contract runs
 * with SMS off, never with messages silently kept in a table.
 */
const smsEnvShape = {
  SMS_PROVIDER: z.enum(['off', 'outbox', 'twilio']).optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/)
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32}|[A-Za-z][A-Za-z0-9 ]{1,10})$/)
    .optional(),
  TWILIO_API_URL: httpUrl.optional(),
};

const smsEnvExpected: Record<keyof typeof smsEnvShape, string> = {
  SMS_PROVIDER:
    'off, outbox or twilio (where reminders’ text messages go); unset: outbox, or off in production, ' +
    'which refuses outbox',
  TWILIO_ACCOUNT_SID: 'a Twilio account SID (AC and 32 hex digits); required when SMS_PROVIDER=twilio',
  TWILIO_AUTH_TOKEN:
    'the Twilio account’s auth token (16 characters or more); required when SMS_PROVIDER=twilio',
  TWILIO_FROM:
    'the sender: an E.164 number, a Messaging Service SID (MG…) or an alphanumeric sender id of up to 11 ' +
    'characters; required when SMS_PROVIDER=twilio',
  TWILIO_API_URL: 'the http:// or https:// base of Twilio’s API; unset: https://api.twilio.com',
};

export const smsSection = { shape: smsEnvShape, expected: smsEnvExpected, rules: [requireSmsSettings] };

type SmsEnv = z.output<z.ZodObject<typeof smsEnvShape>> & { NODE_ENV: string };

export type SmsConfig =
  | { provider: 'off' | 'outbox' }
  | { provider: 'twilio'; accountSid: string; authToken: string; from: string; apiUrl: string };

/** The rules across variables, checked even when other variables are bad (section.ts's `when`). */
function requireSmsSettings(env: Partial<SmsEnv>, context: z.RefinementCtx): void {
  if (env.NODE_ENV === 'production' && env.SMS_PROVIDER === 'outbox') {
    context.addIssue({ code: 'custom', path: ['SMS_PROVIDER'], message: 'not allowed in production' });
  }
  if (env.SMS_PROVIDER !== 'twilio') return;
  for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
    if (env[name] === undefined) context.addIssue({ code: 'custom', path: [name], message: 'required' });
  }
  if (env.NODE_ENV === 'production' && env.TWILIO_API_URL?.startsWith('http://')) {
    context.addIssue({ code: 'custom', path: ['TWILIO_API_URL'], message: 'must be https in production' });
  }
}

export function smsConfigOf(env: SmsEnv): SmsConfig {
  const provider = env.SMS_PROVIDER ?? (env.NODE_ENV === 'production' ? 'off' : 'outbox');
  if (provider !== 'twilio') return { provider };
  return {
    provider,
    accountSid: env.TWILIO_ACCOUNT_SID ?? '',
    authToken: env.TWILIO_AUTH_TOKEN ?? '',
    from: env.TWILIO_FROM ?? '',
    apiUrl: env.TWILIO_API_URL ?? 'https://api.twilio.com',
  };
}
