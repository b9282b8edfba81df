import type { EventDetails, Mandate, Payment, Subscription } from 'gocardless-nodejs';
import { held, type StandInStore } from './stand-in-resources.ts';
import {
  dateAfter,
  envelope,
  invalidField,
  metadataOf,
  newId,
  StandInError,
  timestamp,
} from './stand-in-support.ts';

/** Mandates after they are made, subscriptions on them, and a subscription's failed payment. */

export const mandateOf = (store: StandInStore, id: string) => held(store.mandates, id);
export const subscriptionOf = (store: StandInStore, id: string) => held(store.subscriptions, id);
export const paymentOf = (store: StandInStore, id: string) => held(store.payments, id);

const mandateEnded = ['cancelled', 'failed', 'expired', 'consumed', 'blocked'];

/** A mandate's news from the bank (https://developer.gocardless.com/api-reference#event-types-mandate). */
export function moveMandate(
  store: StandInStore,
  mandateId: string,
  action: 'submitted' | 'active' | 'failed' | 'cancelled',
  details: EventDetails,
): Mandate {
  const mandate = held(store.mandates, mandateId);
  mandate.status = action;
  store.emit({
    resourceType: 'mandates',
    action,
    links: { mandate: mandateId },
    details,
    resourceMetadata: mandate.metadata ?? {},
  });
  if (action === 'failed' || action === 'cancelled') endSubscriptionsOf(store, mandateId);
  return mandate;
}

/** "Subscriptions … will be cancelled" with their mandate (https://developer.gocardless.com/api-reference#mandates-cancel-a-mandate). */
function endSubscriptionsOf(store: StandInStore, mandateId: string) {
  for (const subscription of store.subscriptions.values()) {
    if (
      subscription.links?.mandate !== mandateId ||
      !['active', 'paused'].includes(subscription.status ?? '')
    )
      continue;
    subscription.status = 'cancelled';
    subscription.upcoming_payments = [];
    store.emit({
      resourceType: 'subscriptions',
      action: 'cancelled',
      links: { subscription: subscription.id ?? '', mandate: mandateId },
      details: {
        origin: 'gocardless',
        cause: 'mandate_cancelled',
        description: 'The mandate was cancelled.',
      },
      resourceMetadata: subscription.metadata ?? {},
    });
  }
}

/** https://developer.gocardless.com/api-reference#mandates-cancel-a-mandate */
export function cancelMandate(store: StandInStore, mandateId: string): Mandate {
  const mandate = held(store.mandates, mandateId);
  if (mandateEnded.includes(mandate.status ?? '')) {
    // The reason is the one the library's own fixture shows for a cancel refused (GUESS for mandates: README).
    throw new StandInError(422, 'invalid_state', 'cancellation_failed', 'Mandate cannot be cancelled');
  }
  return moveMandate(store, mandateId, 'cancelled', {
    origin: 'api',
    cause: 'mandate_cancelled',
    description: 'The mandate was cancelled at your request.',
  });
}

const intervalUnits = ['weekly', 'monthly', 'yearly'];

/** https://developer.gocardless.com/api-reference#subscriptions-create-a-subscription */
export function createSubscription(store: StandInStore, body: unknown): Subscription {
  const params = envelope(body, 'subscriptions');
  const amount = params.amount;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1) {
    throw invalidField('amount', 'must be a whole number of pence, at least 1');
  }
  if (params.currency !== 'GBP') throw invalidField('currency', 'must be GBP');
  if (typeof params.interval_unit !== 'string' || !intervalUnits.includes(params.interval_unit)) {
    throw invalidField('interval_unit', `must be one of ${intervalUnits.join(', ')}`);
  }
  const day = params.day_of_month;
  if (
    day !== undefined &&
    (typeof day !== 'number' || !(day === -1 || (Number.isInteger(day) && day >= 1 && day <= 28)))
  ) {
    throw invalidField('day_of_month', 'must be from 1 to 28, or -1');
  }
  const startDate = params.start_date;
  if (startDate !== undefined && (typeof startDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(startDate))) {
    throw invalidField('start_date', 'must be a date (YYYY-MM-DD)');
  }
  const links = (params.links ?? {}) as Record<string, unknown>;
  if (typeof links.mandate !== 'string') throw invalidField('links.mandate', 'is required');
  const mandate = held(store.mandates, links.mandate);
  if (mandateEnded.includes(mandate.status ?? '')) {
    throw new StandInError(422, 'invalid_state', 'mandate_is_inactive', 'The mandate is not active');
  }
  const first = startDate ?? mandate.next_possible_charge_date ?? dateAfter(store.now(), 5);
  const subscription: Subscription = {
    id: newId('SB'),
    created_at: timestamp(store.now()),
    amount,
    currency: 'GBP',
    interval: typeof params.interval === 'number' ? params.interval : 1,
    interval_unit: params.interval_unit as Subscription['interval_unit'],
    day_of_month: day ?? null,
    start_date: first,
    end_date: null,
    name: typeof params.name === 'string' ? params.name : null,
    status: 'active',
    metadata: metadataOf(params.metadata, 'metadata'),
    upcoming_payments: [{ charge_date: first, amount }],
    links: { mandate: links.mandate },
  };
  store.subscriptions.set(subscription.id ?? '', subscription);
  store.emit({
    resourceType: 'subscriptions',
    action: 'created',
    links: { subscription: subscription.id ?? '' },
    details: {
      origin: 'api',
      cause: 'subscription_created',
      description: 'Subscription created via the API.',
    },
    resourceMetadata: subscription.metadata ?? {},
  });
  return subscription;
}

/** https://developer.gocardless.com/api-reference#subscriptions-cancel-a-subscription */
export function cancelSubscription(store: StandInStore, subscriptionId: string): Subscription {
  const subscription = held(store.subscriptions, subscriptionId);
  if (['cancelled', 'finished'].includes(subscription.status ?? '')) {
    throw new StandInError(422, 'invalid_state', 'cancellation_failed', 'Subscription cannot be cancelled');
  }
  subscription.status = 'cancelled';
  subscription.upcoming_payments = [];
  store.emit({
    resourceType: 'subscriptions',
    action: 'cancelled',
    links: { subscription: subscriptionId },
    details: {
      origin: 'api',
      cause: 'subscription_cancelled',
      description: 'The subscription was cancelled.',
    },
    resourceMetadata: subscription.metadata ?? {},
  });
  return subscription;
}

/**
 * One of a subscription's payments, made and then settled one way
 * (https://developer.gocardless.com/api-reference#event-types-payment): `payments` `created`, then the
 * outcome's event. A payment's events link the payment only (the webhooks guide's example); its
 * subscription is on the payment.
 */
function subscriptionPayment(
  store: StandInStore,
  subscriptionId: string,
  outcome: { status: 'failed' | 'confirmed'; details: Record<string, unknown> },
): Payment {
  const subscription = held(store.subscriptions, subscriptionId);
  const payment: Payment = {
    id: newId('PM'),
    created_at: timestamp(store.now()),
    amount: subscription.amount ?? 0,
    currency: 'GBP',
    charge_date: subscription.upcoming_payments?.[0]?.charge_date ?? dateAfter(store.now(), 0),
    status: outcome.status,
    metadata: {},
    links: { mandate: subscription.links?.mandate ?? '', subscription: subscriptionId },
  };
  store.payments.set(payment.id ?? '', payment);
  const links = { payment: payment.id ?? '' };
  store.emit({
    resourceType: 'payments',
    action: 'created',
    links,
    details: {
      origin: 'gocardless',
      cause: 'payment_created',
      description: 'Payment created by a subscription.',
    },
    resourceMetadata: {},
  });
  store.emit({
    resourceType: 'payments',
    action: outcome.status,
    links,
    details: outcome.details,
    resourceMetadata: {},
  });
  return payment;
}

/** A subscription's payment that the bank returns unpaid (`failed`, `insufficient_funds`). */
export const failPayment = (store: StandInStore, subscriptionId: string): Payment =>
  subscriptionPayment(store, subscriptionId, {
    status: 'failed',
    details: {
      origin: 'bank',
      cause: 'insufficient_funds',
      scheme: 'bacs',
      reason_code: 'ARUDD-0',
      description: "The customer's account had insufficient funds to make this payment.",
      will_attempt_retry: false,
    },
  });

/** A subscription's payment collected (`confirmed`, `payment_confirmed`). */
export const confirmPayment = (store: StandInStore, subscriptionId: string): Payment =>
  subscriptionPayment(store, subscriptionId, {
    status: 'confirmed',
    details: {
      origin: 'gocardless',
      cause: 'payment_confirmed',
      description: 'Enough time has passed since the payment was submitted for the banks to return an error.',
    },
  });
