import type Stripe from 'stripe';
import type {
  CheckoutStage,
  CheckoutState,
  HeldCheckout,
  HeldRefund,
  HoldState,
  IntentStatus,
  RefundEvent,
  RefundState,
  RefundStatus,
} from './payment-provider.ts';

/** Stripe's objects in the port's words: only what the port names leaves the adapter. */

/**
 * A Checkout Session's state in the port's words
 * (https://docs.stripe.com/api/checkout/sessions/object: `status` open | complete | expired and
 * `payment_status` paid | unpaid | no_payment_required). A completed session whose money is held
 * (`capture_method: manual`) is unpaid until captured, its PaymentIntent `requires_capture`.
 */
function stageOf(session: Stripe.Checkout.Session): CheckoutStage {
  if (session.status === 'expired') return 'expired';
  if (session.status !== 'complete') return 'open';
  if (session.payment_status === 'paid') return 'paid';
  const intent = session.payment_intent;
  if (intent && typeof intent === 'object' && intent.status === 'requires_capture') return 'authorised';
  // A card hold since captured: its money is taken whatever the session's own payment_status says.
  if (intent && typeof intent === 'object' && intent.status === 'succeeded') return 'paid';
  return 'open';
}

/** The portal's record id written in metadata; null when absent or not ours. */
function portalIdOf(value: string | null | undefined): number | null {
  const id = Number(value ?? undefined);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function stateOf(session: Stripe.Checkout.Session): CheckoutState {
  const intent = session.payment_intent;
  return {
    sessionId: session.id,
    url: session.url,
    stage: stageOf(session),
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    amountPence: session.amount_total ?? 0,
    paymentId: portalIdOf(session.metadata?.['payment_id'] ?? session.client_reference_id),
  };
}

/** A page as the day's reconciliation reads it: its state without the URL, and when it was made. */
export function heldOf(session: Stripe.Checkout.Session): HeldCheckout {
  const { url: _url, ...state } = stateOf(session);
  return { ...state, createdAt: new Date(session.created * 1000) };
}

/** https://docs.stripe.com/api/refunds/object: `amount` in the currency's smallest unit, `payment_intent`. */
export function refundOf(refund: Stripe.Refund): HeldRefund {
  const intent = refund.payment_intent;
  return {
    refundId: refund.id,
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    amountPence: refund.amount,
    status: refund.status ?? 'pending',
    createdAt: new Date(refund.created * 1000),
  };
}

const refundStatuses: readonly string[] = [
  'pending',
  'succeeded',
  'failed',
  'canceled',
  'requires_action',
] satisfies RefundStatus[];

/**
 * https://docs.stripe.com/api/refunds/object#refund_object-status. A status Stripe adds later (the
 * library allows any string) reads as `pending`: not settled, so the caller asks again.
 */
export function refundStateOf(refund: Stripe.Refund): RefundState {
  const status = refundStatuses.includes(refund.status ?? '') ? (refund.status as RefundStatus) : 'pending';
  return { refundId: refund.id, status, amountPence: refund.amount };
}

export function refundEventOf(refund: Stripe.Refund): RefundEvent {
  const intent = refund.payment_intent;
  return {
    ...refundStateOf(refund),
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    paymentId: portalIdOf(refund.metadata?.['payment_id']),
  };
}

const intentStatuses: readonly string[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
] satisfies IntentStatus[];

/** https://docs.stripe.com/api/payment_intents/object#payment_intent_object-status; a new one reads as `processing`. */
export function holdStateOf(intent: Stripe.PaymentIntent): HoldState {
  const status = intentStatuses.includes(intent.status) ? (intent.status as IntentStatus) : 'processing';
  return { paymentIntentId: intent.id, status };
}
