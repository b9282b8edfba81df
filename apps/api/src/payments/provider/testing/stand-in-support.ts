import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';

/**
 * Shapes and helpers every module of the Stripe stand-in shares. The objects it serves are subsets of the
 * library's own types (stripe-node's types are generated from Stripe's OpenAPI description, so a Pick of
 * them is the component's shape: `#/components/schemas/checkout.session` and so on).
 */

/** `#/components/schemas/checkout.session` (https://docs.stripe.com/api/checkout/sessions/object). */
export type StandInSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer_email'
  | 'expires_at'
  | 'livemode'
  | 'metadata'
  | 'mode'
  | 'payment_intent'
  | 'payment_method_types'
  | 'payment_status'
  | 'status'
  | 'success_url'
  | 'url'
>;

/** `#/components/schemas/payment_intent` (https://docs.stripe.com/api/payment_intents/object). */
export type StandInPaymentIntent = Pick<
  Stripe.PaymentIntent,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_capturable'
  | 'amount_received'
  | 'canceled_at'
  | 'cancellation_reason'
  | 'capture_method'
  | 'client_secret'
  | 'created'
  | 'currency'
  | 'description'
  | 'latest_charge'
  | 'livemode'
  | 'metadata'
  | 'payment_method_types'
  | 'status'
>;

/** `#/components/schemas/charge` (https://docs.stripe.com/api/charges/object). */
export type StandInCharge = Pick<
  Stripe.Charge,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_captured'
  | 'amount_refunded'
  | 'captured'
  | 'created'
  | 'currency'
  | 'livemode'
  | 'metadata'
  | 'paid'
  | 'payment_intent'
  | 'refunded'
  | 'status'
>;

/** `#/components/schemas/refund` (https://docs.stripe.com/api/refunds/object). */
export type StandInRefund = Pick<
  Stripe.Refund,
  | 'id'
  | 'object'
  | 'amount'
  | 'charge'
  | 'created'
  | 'currency'
  | 'failure_reason'
  | 'metadata'
  | 'payment_intent'
  | 'reason'
  | 'status'
>;

/** A line item as the hosted page shows it (`line_items[].price_data` and `quantity` of the create call). */
export interface StandInLineItem {
  name: string;
  unitAmount: number;
  quantity: number;
}

/** What the stand-in keeps of a session beyond the served object: what completing it needs. */
export interface SessionRecord {
  session: StandInSession;
  lineItems: StandInLineItem[];
  captureMethod: 'automatic' | 'automatic_async' | 'manual';
  paymentIntentMetadata: Record<string, string>;
  declines: number;
}

/**
 * `#/components/schemas/event`'s `request` (https://docs.stripe.com/api/events/object#event_object-request):
 * the API request that caused the event, both null when a customer's action did (paying on the page).
 */
export interface EventRequest {
  id: string | null;
  idempotency_key: string | null;
}

/** `#/components/schemas/error` (https://docs.stripe.com/api/errors): the body is `{ error: {...} }`. */
export class StandInError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error',
    message: string,
    readonly details: { param?: string; code?: string } = {},
  ) {
    super(message);
  }

  body() {
    return { error: { type: this.type, message: this.message, ...this.details } };
  }
}

/** A 400 naming the parameter at fault (https://docs.stripe.com/api/errors: `param`). */
export const invalidParam = (param: string, message: string, code = 'parameter_invalid_string') =>
  new StandInError(400, 'invalid_request_error', message, { param, code });

/** A 404 for an id the stand-in does not hold (`code: resource_missing`, https://docs.stripe.com/error-codes). */
export const noSuch = (what: string, id: string, param: string) =>
  new StandInError(404, 'invalid_request_error', `No such ${what}: '${id}'`, {
    param,
    code: 'resource_missing',
  });

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An id with Stripe's prefix (`cs_test_`, `pi_`, `ch_`, `re_`, `evt_`, `req_`) and a random alphanumeric tail. */
export function newId(prefix: string, length = 24): string {
  return prefix + [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/** Unix seconds, as every `created` and `expires_at` of the API. */
export const seconds = (ms: number) => Math.floor(ms / 1000);

/** Parameters arrive as qs-parsed strings; metadata is a flat map of strings (https://docs.stripe.com/api/metadata). */
export function metadataOf(value: unknown, param: string): Record<string, string> {
  if (value === undefined || value === '') return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidParam(param, `Invalid object`, 'parameter_invalid_object');
  }
  const entries = Object.entries(value as Record<string, unknown>);
  // Documented limits: 50 keys, keys up to 40 characters, values up to 500.
  if (entries.length > 50) throw invalidParam(param, 'Metadata can have at most 50 keys.');
  for (const [key, entry] of entries) {
    if (typeof entry !== 'string' || key.length > 40 || entry.length > 500) {
      throw invalidParam(`${param}[${key}]`, 'Invalid metadata: keys up to 40 characters, values up to 500.');
    }
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

/** A parameter's value for a message (qs gives strings, arrays or objects). */
export const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** An integer parameter (qs gives strings); undefined when absent. */
export function integerParam(value: unknown, param: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) {
    throw invalidParam(param, 'Invalid integer: ' + shown(value), 'parameter_invalid_integer');
  }
  return Number(value);
}

export const optionalString = (value: unknown, param: string): string | null => {
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string') throw invalidParam(param, `Invalid string: ${param}`);
  return value;
};
