import {
  integerParam,
  invalidParam,
  metadataOf,
  newId,
  noSuch,
  optionalString,
  seconds,
  shown,
  StandInError,
  type EventRequest,
  type SessionRecord,
  type StandInCharge,
  type StandInLineItem,
  type StandInPaymentIntent,
  type StandInRefund,
  type StandInSession,
} from './stand-in-support.ts';

/** What the stand-in holds, and how it tells the webhook module about a change. */
export interface StandInStore {
  now: () => number;
  pageUrl: (sessionId: string) => string;
  sessions: Map<string, SessionRecord>;
  paymentIntents: Map<string, StandInPaymentIntent>;
  charges: Map<string, StandInCharge>;
  refunds: Map<string, StandInRefund>;
  /** Refunds still to fail (`failRefunds`). */
  refundFailures: number;
  emit: (type: string, object: object, request: EventRequest) => void;
}

/** No API request caused it: the customer's action on the hosted page (or the clock, for expiry). */
export const customerAction: EventRequest = { id: null, idempotency_key: null };

/**
 * Minimum charge amounts, in the currency's smallest unit
 * (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts); the stand-in knows these three.
 * The maximum is "an amount value supports up to eight digits" (same page).
 */
const minimumCharge: Record<string, number> = { gbp: 30, eur: 50, usd: 50 };
const maximumAmount = 99_999_999;

/** Checkout's `expires_at` window: "between 30 minutes and 24 hours after" creation
 * (https://docs.stripe.com/api/checkout/sessions/create#create_checkout_session-expires_at); 24 h by default. */
const minExpirySeconds = 30 * 60;
const maxExpirySeconds = 24 * 60 * 60;
/** GUESS (README): a minute's leeway for the clocks of caller and Stripe, so "30 minutes from now" passes. */
const expiryLeewaySeconds = 60;

function absoluteUrl(value: unknown, param: string, required: boolean): string | null {
  if (value === undefined || value === '') {
    if (required) throw invalidParam(param, `Missing required param: ${param}.`, 'parameter_missing');
    return null;
  }
  // The template `{CHECKOUT_SESSION_ID}` is replaced at redirect (https://docs.stripe.com/payments/checkout/custom-success-page).
  const text = shown(value);
  const parsed = URL.canParse(text.replace('{CHECKOUT_SESSION_ID}', 'x')) ? new URL(text) : null;
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) {
    throw invalidParam(param, 'Not a valid URL', 'url_invalid');
  }
  return text;
}

function lineItemsOf(value: unknown): { items: StandInLineItem[]; currency: string } {
  if (!Array.isArray(value) || value.length === 0) {
    throw invalidParam('line_items', 'Missing required param: line_items.', 'parameter_missing');
  }
  let currency: string | null = null;
  const items = value.map((raw: unknown, index): StandInLineItem => {
    const at = `line_items[${index}]`;
    const item = (raw ?? {}) as Record<string, unknown>;
    const priceData = item.price_data as Record<string, unknown> | undefined;
    // The stand-in prices inline only (price_data); a Price object id is another API it does not serve.
    if (!priceData) throw invalidParam(`${at}[price_data]`, `Missing required param: ${at}[price_data].`);
    const itemCurrency = typeof priceData.currency === 'string' ? priceData.currency.toLowerCase() : '';
    if (!(itemCurrency in minimumCharge)) {
      throw invalidParam(`${at}[price_data][currency]`, `Invalid currency: ${itemCurrency}.`);
    }
    if (currency && currency !== itemCurrency) {
      throw invalidParam(`${at}[price_data][currency]`, 'All line items must share one currency.');
    }
    currency = itemCurrency;
    const unitAmount = integerParam(priceData.unit_amount, `${at}[price_data][unit_amount]`);
    if (unitAmount === undefined || unitAmount < 1 || unitAmount > maximumAmount) {
      throw invalidParam(`${at}[price_data][unit_amount]`, 'unit_amount must be a positive integer.');
    }
    const quantity = integerParam(item.quantity, `${at}[quantity]`);
    if (quantity === undefined || quantity < 1) {
      throw invalidParam(`${at}[quantity]`, 'quantity must be a positive integer.');
    }
    const product = (priceData.product_data ?? {}) as Record<string, unknown>;
    if (typeof product.name !== 'string' || product.name === '') {
      throw invalidParam(`${at}[price_data][product_data][name]`, 'Missing required param: name.');
    }
    return { name: product.name, unitAmount, quantity };
  });
  return { items, currency: currency ?? 'gbp' };
}

function captureMethodOf(value: unknown): SessionRecord['captureMethod'] {
  if (value === undefined || value === '') return 'automatic';
  if (value === 'automatic' || value === 'automatic_async' || value === 'manual') return value;
  throw invalidParam('payment_intent_data[capture_method]', `Invalid capture_method: ${shown(value)}`);
}

/** `POST /v1/checkout/sessions` (https://docs.stripe.com/api/checkout/sessions/create), mode `payment` only. */
export function createSession(store: StandInStore, params: Record<string, unknown>): StandInSession {
  if (params.mode !== 'payment') {
    throw invalidParam('mode', 'The stand-in serves mode "payment" only.');
  }
  const { items, currency } = lineItemsOf(params.line_items);
  const total = items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  if (total < (minimumCharge[currency] ?? 1) || total > maximumAmount) {
    throw invalidParam(
      'line_items',
      'The Checkout Session total is outside the allowed charge amounts.',
      'amount_too_small',
    );
  }
  const created = seconds(store.now());
  const expiresAt = integerParam(params.expires_at, 'expires_at') ?? created + maxExpirySeconds;
  const ahead = expiresAt - created;
  if (ahead < minExpirySeconds - expiryLeewaySeconds || ahead > maxExpirySeconds + expiryLeewaySeconds) {
    throw invalidParam('expires_at', 'expires_at must be between 30 minutes and 24 hours from now.');
  }
  const email = optionalString(params.customer_email, 'customer_email');
  if (email !== null && !/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw invalidParam('customer_email', 'Invalid email address: ' + email, 'email_invalid');
  }
  const reference = optionalString(params.client_reference_id, 'client_reference_id');
  if (reference !== null && reference.length > 200) {
    throw invalidParam('client_reference_id', 'client_reference_id can be up to 200 characters.');
  }
  const intentData = (params.payment_intent_data ?? {}) as Record<string, unknown>;
  const id = newId('cs_test_', 58);
  const session: StandInSession = {
    id,
    object: 'checkout.session',
    amount_subtotal: total,
    amount_total: total,
    cancel_url: absoluteUrl(params.cancel_url, 'cancel_url', false),
    client_reference_id: reference,
    created,
    currency,
    customer_email: email,
    expires_at: expiresAt,
    livemode: false,
    metadata: metadataOf(params.metadata, 'metadata'),
    mode: 'payment',
    payment_intent: null,
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    status: 'open',
    success_url: absoluteUrl(params.success_url, 'success_url', true),
    url: store.pageUrl(id),
  };
  store.sessions.set(id, {
    session,
    lineItems: items,
    captureMethod: captureMethodOf(intentData.capture_method),
    paymentIntentMetadata: metadataOf(intentData.metadata, 'payment_intent_data[metadata]'),
    declines: 0,
  });
  return session;
}

export function sessionRecord(store: StandInStore, id: string): SessionRecord {
  const record = store.sessions.get(id);
  if (!record) throw noSuch('checkout.session', id, 'session');
  return record;
}

/** The session as served: a copy, with `payment_intent` expanded when asked (`expand[]=payment_intent`). */
export function sessionView(store: StandInStore, session: StandInSession, expand: string[] = []) {
  const view = structuredClone(session);
  if (expand.includes('payment_intent') && typeof view.payment_intent === 'string') {
    return {
      ...view,
      payment_intent: structuredClone(store.paymentIntents.get(view.payment_intent) ?? null),
    };
  }
  return view;
}

function expire(store: StandInStore, record: SessionRecord, request: EventRequest) {
  // "url ... is only present when the session is active" (the object's `url`).
  record.session = { ...record.session, status: 'expired', url: null };
  store.emit('checkout.session.expired', record.session, request);
}

/** `POST /v1/checkout/sessions/:id/expire` (https://docs.stripe.com/api/checkout/sessions/expire): open only. */
export function expireSession(store: StandInStore, id: string, request: EventRequest): StandInSession {
  const record = sessionRecord(store, id);
  if (record.session.status !== 'open') {
    throw new StandInError(
      400,
      'invalid_request_error',
      `Only Checkout Sessions with a status in ["open"] can be expired. This session has a status of ${record.session.status}.`,
      { param: 'session', code: 'checkout_session_not_open' },
    );
  }
  expire(store, record, request);
  return record.session;
}

/** Sessions whose `expires_at` has passed expire, and say so (`checkout.session.expired`). */
export function expireDue(store: StandInStore) {
  const now = seconds(store.now());
  for (const record of store.sessions.values()) {
    if (record.session.status === 'open' && record.session.expires_at <= now) {
      expire(store, record, customerAction);
    }
  }
}

/**
 * The customer paid on the hosted page: a PaymentIntent and its charge are made, the session completes,
 * and `checkout.session.completed` is sent (https://docs.stripe.com/checkout/fulfillment). A manual
 * capture leaves the PaymentIntent `requires_capture` (https://docs.stripe.com/payments/place-a-hold-on-a-payment-method)
 * and the session `payment_status: 'unpaid'` (GUESS: README).
 */
export function completeSession(store: StandInStore, id: string): StandInSession {
  expireDue(store);
  const record = sessionRecord(store, id);
  if (record.session.status !== 'open') {
    throw new StandInError(
      400,
      'invalid_request_error',
      `This Checkout Session is ${record.session.status}.`,
    );
  }
  const amount = record.session.amount_total ?? 0;
  const currency = record.session.currency ?? 'gbp';
  const created = seconds(store.now());
  const held = record.captureMethod === 'manual';
  const intentId = newId('pi_');
  const charge: StandInCharge = {
    id: newId('ch_'),
    object: 'charge',
    amount,
    amount_captured: held ? 0 : amount,
    amount_refunded: 0,
    captured: !held,
    created,
    currency,
    livemode: false,
    metadata: { ...record.paymentIntentMetadata },
    paid: true,
    payment_intent: intentId,
    refunded: false,
    status: 'succeeded',
  };
  const intent: StandInPaymentIntent = {
    id: intentId,
    object: 'payment_intent',
    amount,
    amount_capturable: held ? amount : 0,
    amount_received: held ? 0 : amount,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: record.captureMethod,
    client_secret: `${intentId}_secret_${newId('', 25)}`,
    created,
    currency,
    description: null,
    latest_charge: charge.id,
    livemode: false,
    metadata: { ...record.paymentIntentMetadata },
    payment_method_types: ['card'],
    status: held ? 'requires_capture' : 'succeeded',
  };
  store.charges.set(charge.id, charge);
  store.paymentIntents.set(intent.id, intent);
  record.session = {
    ...record.session,
    status: 'complete',
    payment_status: held ? 'unpaid' : 'paid',
    payment_intent: intent.id,
    url: null,
  };
  store.emit('checkout.session.completed', record.session, customerAction);
  return record.session;
}
