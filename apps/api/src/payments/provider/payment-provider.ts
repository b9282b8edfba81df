/**
 * The payment port (issue 64, decision 0157): what the portal asks of a card payment provider, in its own
 * words. The Stripe adapter (stripe-provider.ts) is the one implementation; tests and the demo run it
 * against the stand-in of Stripe's documented API (provider/testing/). Amounts are whole pence.
 */

/** Where a hosted payment page stands, as the provider says. */
export type CheckoutStage = 'open' | 'paid' | 'authorised' | 'expired';

export interface CheckoutState {
  /** The provider's id of the hosted page (a Stripe Checkout Session: `cs_…`). */
  sessionId: string;
  /** Where the owner pays; null once the page is closed. */
  url: string | null;
  stage: CheckoutStage;
  /** The provider's id of the money movement, once there is one (a Stripe PaymentIntent: `pi_…`). */
  paymentIntentId: string | null;
  amountPence: number;
  /** The portal's payment it belongs to (the metadata it was created with); null for another's. */
  paymentId: number | null;
}

export interface CheckoutRequest {
  paymentId: number;
  /** Derived from the portal's own record, so a retried call never makes a second page or charge. */
  idempotencyKey: string;
  amountPence: number;
  /** What the owner reads on the provider's page. */
  description: string;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** `manual`: a card hold, captured or voided later. */
  capture: 'automatic' | 'manual';
}

/** Where a refund stands, as the provider says (https://docs.stripe.com/api/refunds/object#refund_object-status). */
export type RefundStatus = 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';

export interface RefundRequest {
  /** The money movement to give back from (a Stripe PaymentIntent: `pi_…`). */
  paymentIntentId: string;
  amountPence: number;
  /** Derived from the portal's refund record, so a retried call never refunds twice. */
  idempotencyKey: string;
  /** The portal's payment and refund records, written on the provider's refund to trace it back. */
  paymentId: number;
  portalRefundId: number;
  reason?: 'duplicate' | 'fraudulent' | 'requested_by_customer';
}

export interface RefundState {
  /** The provider's id of the refund (a Stripe Refund: `re_…`). */
  refundId: string;
  status: RefundStatus;
  amountPence: number;
}

/**
 * Where a money movement stands, as the provider says
 * (https://docs.stripe.com/api/payment_intents/object#payment_intent_object-status): a card hold is
 * `requires_capture`, `succeeded` once captured, `canceled` once voided.
 */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface HoldState {
  paymentIntentId: string;
  status: IntentStatus;
}

export interface CaptureRequest {
  paymentIntentId: string;
  /** Less than was held: the rest is released. Unset: all of it. */
  amountPence?: number;
  /** Derived from the portal's own record, so a retried call never captures twice. */
  idempotencyKey: string;
}

export interface VoidRequest {
  paymentIntentId: string;
  idempotencyKey: string;
}

/** A refund's news in a webhook: a refund can fail days after it was accepted. */
export interface RefundEvent extends RefundState {
  paymentIntentId: string | null;
  /** The portal's payment it belongs to (the refund's metadata); null for another's. */
  paymentId: number | null;
}

/** A provider's webhook, verified: its id (to apply once) and, for a hosted page's or a refund's news, its state. */
export interface ProviderEvent {
  id: string;
  type: string;
  checkout: CheckoutState | null;
  refund: RefundEvent | null;
}

/** A hosted page the provider holds, as a day's reconciliation reads it (no URL, no customer). */
export interface HeldCheckout extends Omit<CheckoutState, 'url'> {
  createdAt: Date;
}

/** A refund the provider holds: of which money movement, how much, and where it stands. */
export interface HeldRefund {
  refundId: string;
  paymentIntentId: string | null;
  amountPence: number;
  /** The provider's word: `pending`, `succeeded`, `failed`, `canceled`, `requires_action`. */
  status: string;
  createdAt: Date;
}

/** What the provider holds that was created in a time range (from inclusive, to exclusive). */
export interface ProviderHoldings {
  checkouts: HeldCheckout[];
  refunds: HeldRefund[];
}

export interface PaymentProvider {
  readonly name: 'stripe';
  startCheckout(request: CheckoutRequest): Promise<CheckoutState>;
  checkout(sessionId: string): Promise<CheckoutState>;
  /** Closes an open page, so it can no longer be paid; answers the page's state after (it may be paid). */
  expireCheckout(sessionId: string): Promise<CheckoutState>;
  /** Throws WebhookSignatureError unless the body is the provider's, signed within the tolerance. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
  /** Every hosted page and refund created in [from, to), for the operator's reconciliation. */
  heldBetween(from: Date, to: Date): Promise<ProviderHoldings>;
  /** Gives money back; the answer may be `pending`, and a refund can still fail later (a webhook says). */
  refund(request: RefundRequest): Promise<RefundState>;
  refundState(refundId: string): Promise<RefundState>;
  /**
   * Takes a held amount. A hold already captured or voided answers its state (`succeeded`, `canceled`)
   * rather than a refusal, so the caller reads `status` to know what happened.
   */
  capture(request: CaptureRequest): Promise<HoldState>;
  /** Releases a hold. A hold already voided or captured answers its state (`canceled`, `succeeded`). */
  voidHold(request: VoidRequest): Promise<HoldState>;
}

/** The provider could not be reached, answered 5xx or too late: nothing is known to have happened. */
export class ProviderUnavailableError extends Error {
  constructor(readonly providerCode: string) {
    super(`The payment provider is unavailable (${providerCode}).`);
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider refused the request (4xx): a fault of ours or of the account, never of the owner's card. */
export class ProviderRefusedError extends Error {
  constructor(readonly providerCode: string) {
    super(`The payment provider refused the request (${providerCode}).`);
    this.name = 'ProviderRefusedError';
  }
}

export class WebhookSignatureError extends Error {
  constructor() {
    super('The webhook is not signed by the payment provider.');
    this.name = 'WebhookSignatureError';
  }
}
