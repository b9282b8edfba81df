import { customerAction, type StandInStore } from './stand-in-sessions.ts';
import {
  integerParam,
  invalidParam,
  metadataOf,
  newId,
  noSuch,
  optionalString,
  seconds,
  StandInError,
  type EventRequest,
  type StandInCharge,
  type StandInPaymentIntent,
  type StandInRefund,
} from './stand-in-support.ts';

function intentOf(store: StandInStore, id: string, param = 'intent'): StandInPaymentIntent {
  const intent = store.paymentIntents.get(id);
  if (!intent) throw noSuch('payment_intent', id, param);
  return intent;
}

/** `code: payment_intent_unexpected_state` (https://docs.stripe.com/error-codes#payment-intent-unexpected-state). */
function unexpectedState(intent: StandInPaymentIntent, action: string, allowed: string[]) {
  return new StandInError(
    400,
    'invalid_request_error',
    `This PaymentIntent could not be ${action} because it has a status of ${intent.status}. ` +
      `Only a PaymentIntent with one of the following statuses may be ${action}: ${allowed.join(', ')}.`,
    { code: 'payment_intent_unexpected_state' },
  );
}

function chargeOf(store: StandInStore, intent: StandInPaymentIntent): StandInCharge {
  const charge =
    typeof intent.latest_charge === 'string' ? store.charges.get(intent.latest_charge) : undefined;
  if (!charge)
    throw new StandInError(400, 'invalid_request_error', `PaymentIntent ${intent.id} has no charge.`);
  return charge;
}

/**
 * `POST /v1/payment_intents/:id/capture` (https://docs.stripe.com/api/payment_intents/capture): only a
 * `requires_capture` intent; `amount_to_capture` up to `amount_capturable` (the rest is released). Sends
 * `payment_intent.succeeded` (https://docs.stripe.com/api/events/types#event_types-payment_intent.succeeded).
 */
export function captureIntent(
  store: StandInStore,
  id: string,
  params: Record<string, unknown>,
  request: EventRequest,
): StandInPaymentIntent {
  const intent = intentOf(store, id);
  if (intent.status !== 'requires_capture') throw unexpectedState(intent, 'captured', ['requires_capture']);
  const amount = integerParam(params.amount_to_capture, 'amount_to_capture') ?? intent.amount_capturable;
  if (amount < 1 || amount > intent.amount_capturable) {
    throw invalidParam(
      'amount_to_capture',
      `amount_to_capture must be between 1 and the amount capturable (${intent.amount_capturable}).`,
      'amount_too_large',
    );
  }
  const charge = chargeOf(store, intent);
  store.charges.set(charge.id, { ...charge, amount_captured: amount, captured: true });
  const captured: StandInPaymentIntent = {
    ...intent,
    status: 'succeeded',
    amount_received: amount,
    amount_capturable: 0,
  };
  store.paymentIntents.set(id, captured);
  store.emit('payment_intent.succeeded', captured, request);
  return captured;
}

const cancellationReasons = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] as const;

/**
 * `POST /v1/payment_intents/:id/cancel` (https://docs.stripe.com/api/payment_intents/cancel): a hold is
 * voided (its authorization released); a succeeded intent cannot be cancelled (refund it instead). Sends
 * `payment_intent.canceled` (https://docs.stripe.com/api/events/types#event_types-payment_intent.canceled).
 */
export function cancelIntent(
  store: StandInStore,
  id: string,
  params: Record<string, unknown>,
  request: EventRequest,
): StandInPaymentIntent {
  const intent = intentOf(store, id);
  if (intent.status === 'succeeded' || intent.status === 'canceled') {
    throw unexpectedState(intent, 'canceled', [
      'requires_payment_method',
      'requires_capture',
      'requires_confirmation',
      'requires_action',
      'processing',
    ]);
  }
  const reason = optionalString(params.cancellation_reason, 'cancellation_reason');
  if (reason !== null && !(cancellationReasons as readonly string[]).includes(reason)) {
    throw invalidParam('cancellation_reason', `Invalid cancellation_reason: ${reason}`);
  }
  const canceled: StandInPaymentIntent = {
    ...intent,
    status: 'canceled',
    amount_capturable: 0,
    canceled_at: seconds(store.now()),
    cancellation_reason: reason,
  };
  store.paymentIntents.set(id, canceled);
  store.emit('payment_intent.canceled', canceled, request);
  return canceled;
}

/** What is still refundable: captured, less every refund that has not failed. */
function refundable(store: StandInStore, charge: StandInCharge): number {
  let refunded = 0;
  for (const refund of store.refunds.values()) {
    if (refund.charge === charge.id && refund.status !== 'failed' && refund.status !== 'canceled') {
      refunded += refund.amount;
    }
  }
  return charge.amount_captured - refunded;
}

const refundReasons = ['duplicate', 'fraudulent', 'requested_by_customer'];

/**
 * `POST /v1/refunds` (https://docs.stripe.com/api/refunds/create): by `payment_intent` (or `charge`);
 * `amount` defaults to all that is left; "you can't refund a total greater than the original charge
 * amount" (https://docs.stripe.com/refunds). Sends `refund.created` and `charge.refunded` ("Occurs
 * whenever a charge is refunded, including partial refunds", https://docs.stripe.com/api/events/types;
 * refund.* events for every refund since 2024-10-28.acacia,
 * https://docs.stripe.com/changelog/acacia/2024-10-28/refund-webhook-update). A refund told to fail
 * (`failRefunds`) answers `pending`, then ends `failed` with `failure_reason`, `refund.updated` and
 * `refund.failed`.
 */
export function createRefund(store: StandInStore, params: Record<string, unknown>, request: EventRequest) {
  const intentId = optionalString(params.payment_intent, 'payment_intent');
  const chargeId = optionalString(params.charge, 'charge');
  let charge: StandInCharge | undefined;
  if (intentId !== null) {
    const intent = intentOf(store, intentId, 'payment_intent');
    if (intent.status !== 'succeeded') throw unexpectedState(intent, 'refunded', ['succeeded']);
    charge = chargeOf(store, intent);
  } else if (chargeId !== null) {
    charge = store.charges.get(chargeId);
    if (!charge) throw noSuch('charge', chargeId, 'charge');
  } else {
    throw invalidParam('payment_intent', 'One of payment_intent or charge is required.', 'parameter_missing');
  }
  if (!charge.captured) {
    throw new StandInError(400, 'invalid_request_error', `Charge ${charge.id} has not been captured.`, {
      code: 'charge_not_refundable',
    });
  }
  const left = refundable(store, charge);
  if (left <= 0) {
    throw new StandInError(400, 'invalid_request_error', `Charge ${charge.id} has already been refunded.`, {
      code: 'charge_already_refunded',
    });
  }
  const amount = integerParam(params.amount, 'amount') ?? left;
  if (amount < 1)
    throw invalidParam('amount', 'amount must be a positive integer.', 'parameter_invalid_integer');
  if (amount > left) {
    throw invalidParam(
      'amount',
      `Refund amount (${amount}) is greater than the unrefunded amount on charge (${left}).`,
      'amount_too_large',
    );
  }
  const reason = optionalString(params.reason, 'reason');
  if (reason !== null && !refundReasons.includes(reason))
    throw invalidParam('reason', `Invalid reason: ${reason}`);
  const fails = store.refundFailures > 0;
  if (fails) store.refundFailures -= 1;
  const refund: StandInRefund = {
    id: newId('re_'),
    object: 'refund',
    amount,
    charge: charge.id,
    created: seconds(store.now()),
    currency: charge.currency,
    metadata: metadataOf(params.metadata, 'metadata'),
    payment_intent: charge.payment_intent,
    reason,
    status: fails ? 'pending' : 'succeeded',
  };
  store.refunds.set(refund.id, refund);
  store.emit('refund.created', refund, request);
  if (fails) {
    // A card refund can fail after it was accepted: "refunds to expired or canceled cards" (https://docs.stripe.com/refunds#failed-refunds).
    const failed: StandInRefund = { ...refund, status: 'failed', failure_reason: 'expired_or_canceled_card' };
    store.refunds.set(refund.id, failed);
    // The card network's answer comes later, not from the API request (GUESS: README). The change of
    // status is an update too: refund.updated "Occurs whenever a refund is updated" (https://docs.stripe.com/api/refunds).
    store.emit('refund.updated', failed, customerAction);
    store.emit('refund.failed', failed, customerAction);
    return refund;
  }
  const amountRefunded = charge.amount_refunded + amount;
  const updated: StandInCharge = {
    ...charge,
    amount_refunded: amountRefunded,
    refunded: amountRefunded >= charge.amount_captured,
  };
  store.charges.set(charge.id, updated);
  store.emit('charge.refunded', updated, request);
  return refund;
}

export function refundOf(store: StandInStore, id: string): StandInRefund {
  const refund = store.refunds.get(id);
  if (!refund) throw noSuch('refund', id, 'refund');
  return refund;
}

export { intentOf };
