import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * One webhook of a practice event, sent once (decision 0067): signed as the Standard Webhooks specification
 * says, with the specification's own library (never hand-written HMAC), over one HTTP POST that follows no
 * redirect, reads a bounded answer and ends at one deadline. Retrying, ordering and parking are the
 * dispatcher's; this only says whether this attempt was delivered and, if not, why, as a code.
 */

export interface WebhookTarget {
  url: string;
  /** The endpoint's Standard Webhooks secret, `whsec_` + base64. */
  secret: string;
  /**
   * The secret a rotation replaced, while its overlap lasts (decision 0112): the webhook then carries a
   * signature of each, space-separated, as the specification allows, and a receiver holding either one
   * verifies it (the library accepts a header when any of its signatures matches).
   */
  previousSecret?: string;
}

export interface OutgoingEvent {
  /** `evt_<n>`: the `webhook-id` header, the same on every retry so the receiver can drop a repeat. */
  id: string;
  /**
   * The event's time (the envelope's timestamp). It is not the signature's time: a verifier refuses a
   * `webhook-timestamp` more than five minutes from its own clock, so each attempt is signed when it is
   * sent, and a retry days later still verifies.
   */
  timestamp: Date;
  /** The JSON envelope, the same bytes on every retry. */
  body: string;
}

export interface DeliveryLimits {
  /** One deadline over connecting, sending, the answer's headers and its body. */
  timeoutMs: number;
  /** The most of the answer's body that is read; a longer answer is cut off and not delivered. */
  maxResponseBytes: number;
}

/**
 * `reason` is a code, never the answer's text or the URL (a URL may hold a token): `http_<status>`,
 * `timeout`, `redirect`, `too_large`, `refused`, `network`, `invalid_url`, `invalid_secret`.
 */
export type DeliveryOutcome = { delivered: true; status: number } | { delivered: false; reason: string };

/** Who is calling, for the receiver's logs. */
const userAgent = 'vet-client-portal-webhooks/1 (practice events; Standard Webhooks)';

export async function sendWebhook(
  target: WebhookTarget,
  event: OutgoingEvent,
  limits: DeliveryLimits,
): Promise<DeliveryOutcome> {
  if (!isHttpUrl(target.url)) return notDelivered('invalid_url');
  const sentAt = new Date();
  let signature: string;
  try {
    signature = [target.secret, target.previousSecret]
      .flatMap((secret) =>
        secret === undefined ? [] : [new Webhook(secret).sign(event.id, sentAt, event.body)],
      )
      .join(' ');
  } catch {
    return notDelivered('invalid_secret');
  }
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    const response = await fetch(target.url, {
      method: 'POST',
      headers: {
        'webhook-id': event.id,
        // Whole seconds, as the library floors the Date it signs.
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signature,
        'content-type': 'application/json',
        'user-agent': userAgent,
      },
      body: event.body,
      // A redirect could send the event (and the receiver's trust in it) somewhere the operator never
      // configured: any 3xx is an answer, and not a delivery.
      redirect: 'manual',
      signal,
    });
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      await response.body?.cancel();
      return notDelivered('redirect');
    }
    const whole = await readBounded(response, limits.maxResponseBytes);
    const ok = response.status >= 200 && response.status < 300;
    if (!ok) return notDelivered(`http_${response.status}`);
    // An endpoint that answers more than the bound is misbehaving: not delivered, so it is retried.
    if (!whole) return notDelivered('too_large');
    return { delivered: true, status: response.status };
  } catch (error) {
    if (signal.aborted) return notDelivered('timeout');
    return notDelivered(connectionRefused(error) ? 'refused' : 'network');
  }
}

function notDelivered(reason: string): DeliveryOutcome {
  return { delivered: false, reason };
}

/** Reads at most `maxBytes` of the body; false (and the rest cut off) when there is more. */
async function readBounded(response: Response, maxBytes: number): Promise<boolean> {
  const body = response.body as ReadableStream<Uint8Array> | null;
  if (!body) return true;
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await body.cancel();
    return false;
  }
  const reader = body.getReader();
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    read += value.byteLength;
    if (read > maxBytes) {
      await reader.cancel();
      return false;
    }
  }
}

/** Node's fetch wraps the socket's error as its cause (an AggregateError when several addresses failed). */
function connectionRefused(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown; errors?: { code?: unknown }[] } } | null)?.cause;
  if (cause?.code === 'ECONNREFUSED') return true;
  return cause?.errors?.some((inner) => inner.code === 'ECONNREFUSED') ?? false;
}

function isHttpUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** A new endpoint's secret: `whsec_` and 32 random bytes in base64, as the specification's secrets are. */
export function newEndpointSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

const maxUrlLength = 2000;

/**
 * Whether an endpoint's URL may be configured: null when it may, otherwise the reason, which never
 * repeats the URL (it may hold a token). HTTPS is required in production (`requireHttps`).
 */
export function checkEndpointUrl(url: string, options: { requireHttps: boolean }): string | null {
  if (url.length > maxUrlLength) return `the URL is longer than ${maxUrlLength} characters`;
  let parsed: URL;
  try {
    // URL trims white space; an operator's URL with white space around it is a mistake, not a URL.
    if (url.trim() !== url) return 'not an absolute URL';
    parsed = new URL(url);
  } catch {
    return 'not an absolute URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'the URL must use http or https';
  if (parsed.username !== '' || parsed.password !== '')
    return 'the URL must not hold a user name or password';
  if (url.includes('#')) return 'the URL must not have a fragment (#…)';
  if (options.requireHttps && parsed.protocol !== 'https:') return 'the URL must use https';
  return null;
}
