import { randomBytes } from 'node:crypto';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';
import {
  AddressRefused,
  checkedLookup,
  refuseHost,
  type AllowedPrivateHosts,
  type EndpointAddressRule,
} from './endpoint-address.ts';

/**
 * One webhook of a practice event, sent once (decision 0067): signed as the Standard Webhooks specification
 * says, with the specification's own library (never hand-written HMAC), over one HTTP POST that follows no
 * redirect, reads a bounded answer and ends at one deadline, to a public address only unless the operator
 * allowed the host (decision 0137). Retrying, ordering and parking are the dispatcher's; this only says
 * whether this attempt was delivered and, if not, why, as a code.
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
 * `timeout`, `redirect`, `too_large`, `refused`, `network`, `invalid_url`, `invalid_secret`, and
 * `address_refused`: the host is or resolved to an address that is not public (decision 0137), so nothing
 * was dialled, and the code is the same whether anything listens there or not.
 */
export type DeliveryOutcome = { delivered: true; status: number } | { delivered: false; reason: string };

/** Who is calling, for the receiver's logs. */
const userAgent = 'vet-client-portal-webhooks/1 (practice events; Standard Webhooks)';

/**
 * The connections of one address rule: kept alive between webhooks, and made only through its checked
 * lookup. Each rule has its own, so a socket one rule opened is never reused under another.
 */
const agentsByRule = new WeakMap<EndpointAddressRule, { http: HttpAgent; https: HttpsAgent }>();

function agentsOf(rule: EndpointAddressRule) {
  let agents = agentsByRule.get(rule);
  if (!agents) {
    // An agent's own options win over a request's, so every connection it opens uses this lookup.
    const options = { keepAlive: true, lookup: checkedLookup(rule) };
    agents = { http: new HttpAgent(options), https: new HttpsAgent(options) };
    agentsByRule.set(rule, agents);
  }
  return agents;
}

/** Closes the kept-alive connections of a rule (the dispatcher's, when it stops). */
export function closeConnections(rule: EndpointAddressRule): void {
  const agents = agentsByRule.get(rule);
  agentsByRule.delete(rule);
  agents?.http.destroy();
  agents?.https.destroy();
}

export async function sendWebhook(
  target: WebhookTarget,
  event: OutgoingEvent,
  limits: DeliveryLimits,
  addressRule: EndpointAddressRule,
): Promise<DeliveryOutcome> {
  if (!isHttpUrl(target.url)) return notDelivered('invalid_url');
  const url = new URL(target.url);
  // An address written in the URL is not looked up, so it is checked here; a name, by the agent's lookup.
  if (refuseHost(url.hostname, addressRule.allowedPrivateHosts) !== null)
    return notDelivered('address_refused');
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
  const agents = agentsOf(addressRule);
  try {
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const request = send(
        url,
        {
          method: 'POST',
          agent: url.protocol === 'https:' ? agents.https : agents.http,
          headers: {
            'webhook-id': event.id,
            // Whole seconds, as the library floors the Date it signs.
            'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
            'webhook-signature': signature,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(event.body)),
            'user-agent': userAgent,
          },
          signal,
        },
        resolve,
      );
      request.on('error', reject);
      request.end(event.body);
    });
    // A redirect could send the event (and the receiver's trust in it) somewhere the operator never
    // configured: any 3xx is an answer, and not a delivery. Node's request never follows one.
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400) {
      response.destroy();
      return notDelivered('redirect');
    }
    const whole = await readBounded(response, limits.maxResponseBytes);
    const ok = status >= 200 && status < 300;
    if (!ok) return notDelivered(`http_${status}`);
    // An endpoint that answers more than the bound is misbehaving: not delivered, so it is retried.
    if (!whole) return notDelivered('too_large');
    return { delivered: true, status };
  } catch (error) {
    // Refused before any connection was made: nothing was dialled, whatever listens there.
    if (error instanceof AddressRefused) return notDelivered('address_refused');
    if (signal.aborted) return notDelivered('timeout');
    return notDelivered(connectionRefused(error) ? 'refused' : 'network');
  }
}

function notDelivered(reason: string): DeliveryOutcome {
  return { delivered: false, reason };
}

/** Reads at most `maxBytes` of the body; false (and the rest cut off) when there is more. */
async function readBounded(response: IncomingMessage, maxBytes: number): Promise<boolean> {
  const declared = Number(response.headers['content-length'] ?? Number.NaN);
  if (declared > maxBytes) {
    response.destroy();
    return false;
  }
  let read = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    read += chunk.byteLength;
    // Leaving the loop early destroys the answer's stream: the rest is never read.
    if (read > maxBytes) return false;
  }
  return true;
}

/** A refused connection: the socket's error, or one of several when each address was tried (an AggregateError). */
function connectionRefused(error: unknown): boolean {
  const failed = error as { code?: unknown; errors?: { code?: unknown }[] } | null;
  if (failed?.code === 'ECONNREFUSED') return true;
  return failed?.errors?.some((inner) => inner.code === 'ECONNREFUSED') ?? false;
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

/** What an endpoint's URL must meet: https in production (`requireHttps`), and a public host (0137). */
export interface EndpointUrlRules {
  requireHttps: boolean;
  allowedPrivateHosts: AllowedPrivateHosts;
}

/** Why an endpoint's URL is refused, as the delivery's code and as a sentence that never repeats the URL. */
export interface UrlRefusal {
  reason: 'invalid_url' | 'https_required' | 'address_refused';
  message: string;
}

/**
 * Whether an endpoint's URL may be configured, by its text alone: null when it may, otherwise why. An
 * address in the URL is judged here; a name's addresses need a lookup (`refuseHostAndAddresses` when it is
 * added, the delivery's own lookup when it is sent to).
 */
export function refuseEndpointUrl(url: string, rules: EndpointUrlRules): UrlRefusal | null {
  const invalid = (message: string): UrlRefusal => ({ reason: 'invalid_url', message });
  if (url.length > maxUrlLength) return invalid(`the URL is longer than ${maxUrlLength} characters`);
  let parsed: URL;
  try {
    // URL trims white space; an operator's URL with white space around it is a mistake, not a URL.
    if (url.trim() !== url) return invalid('not an absolute URL');
    parsed = new URL(url);
  } catch {
    return invalid('not an absolute URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return invalid('the URL must use http or https');
  if (parsed.username !== '' || parsed.password !== '')
    return invalid('the URL must not hold a user name or password');
  if (url.includes('#')) return invalid('the URL must not have a fragment (#…)');
  if (rules.requireHttps && parsed.protocol !== 'https:')
    return { reason: 'https_required', message: 'the URL must use https' };
  const inward = refuseHost(parsed.hostname, rules.allowedPrivateHosts);
  return inward ? { reason: 'address_refused', message: inward } : null;
}

/** `refuseEndpointUrl`'s sentence, or null when the URL may be configured. */
export function checkEndpointUrl(url: string, rules: EndpointUrlRules): string | null {
  return refuseEndpointUrl(url, rules)?.message ?? null;
}
