/** A text message as the worker hands it to a provider: the outbox row's id, an E.164 number, the words. */
export interface OutboxSms {
  id: number;
  to: string;
  body: string;
}

/**
 * Where the worker hands a text message (decision 0085): a provider's HTTP API, or the development outbox
 * (kept in sms_outbox, marked sent, shown on /dev/mailbox). `deliver` resolves with the provider's id for
 * the message once it has accepted it; it throws SmsRefusedError when the provider will never take it
 * (retrying cannot help), and anything else when it may take it later (the queue retries).
 */
export interface SmsDelivery {
  kind: 'outbox' | 'twilio';
  deliver: (sms: OutboxSms) => Promise<string | null>;
}

/** The provider refused this message for good (a number it cannot reach, say): not retried. */
export class SmsRefusedError extends Error {
  override name = 'SmsRefusedError';
  constructor(readonly code: string) {
    super(`The SMS provider refused the message (${code}).`);
  }
}

/** The provider could not take the message now (down, throttling, 5xx): the queue retries. */
export class SmsUnavailableError extends Error {
  override name = 'SmsUnavailableError';
  constructor(readonly code: string) {
    super(`The SMS provider is unavailable (${code}).`);
  }
}

export const outboxSmsDelivery: SmsDelivery = {
  kind: 'outbox',
  deliver: () => Promise.resolve(null),
};

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** The sender: an E.164 number or an alphanumeric sender id, or a Messaging Service (MG…). */
  from: string;
  /** https://api.twilio.com in production; a loopback stand-in in tests. */
  baseUrl?: string;
  timeoutMs?: number;
}

/**
 * Twilio's Messages API (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded To, From or
 * MessagingServiceSid, Body; HTTP basic auth with the account SID and auth token; 201 with the message's
 * `sid`). A 4xx other than 429 is Twilio refusing the message itself (21211: not a valid To number, 21610:
 * the recipient replied STOP): retrying cannot help. 429, 5xx and network failures are retried.
 */
export function twilioSmsDelivery(options: TwilioOptions): SmsDelivery {
  const baseUrl = (options.baseUrl ?? 'https://api.twilio.com').replace(/\/$/, '');
  const url = `${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const sender: [string, string] = [
    options.from.startsWith('MG') ? 'MessagingServiceSid' : 'From',
    options.from,
  ];
  return {
    kind: 'twilio',
    deliver: async (sms) => {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams([['To', sms.to], sender, ['Body', sms.body]]),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        const code = (error as { cause?: { code?: unknown } }).cause?.code;
        throw new SmsUnavailableError(
          typeof code === 'string' && /^[A-Z0-9_]{1,32}$/.test(code) ? code : 'network',
        );
      }
      const reply = (await response.json().catch(() => ({}))) as { sid?: unknown; code?: unknown };
      if (response.ok) return typeof reply.sid === 'string' ? reply.sid : null;
      // Twilio's error codes are numbers; its message may quote the number, so it is never kept.
      const code = `HTTP ${response.status}${typeof reply.code === 'number' ? ` twilio ${reply.code}` : ''}`;
      if (response.status === 429 || response.status >= 500) throw new SmsUnavailableError(code);
      throw new SmsRefusedError(code);
    },
  };
}
