/**
 * The Direct Debit port (issue 65, decision 0159): what the portal asks of a Direct Debit provider, in its
 * own words. The GoCardless adapter (gocardless-provider.ts) is the one implementation; tests and the demo
 * run it against the stand-in of GoCardless's documented API (direct-debit/testing/). Amounts are whole
 * pence, in GBP (Bacs).
 */

/**
 * Where the owner's setting up stands: a GoCardless Billing Request's `status`
 * (https://developer.gocardless.com/api-reference#billing-requests-billing-requests).
 */
export type SetupStatus = 'pending' | 'ready_to_fulfil' | 'fulfilling' | 'fulfilled' | 'cancelled';

/** A mandate's `status` (https://developer.gocardless.com/api-reference#core-endpoints-mandates). */
export type MandateStatus =
  | 'pending_customer_approval'
  | 'pending_submission'
  | 'submitted'
  | 'active'
  | 'failed'
  | 'cancelled'
  | 'expired'
  | 'consumed'
  | 'blocked'
  | 'suspended_by_payer';

/** A subscription's `status` (https://developer.gocardless.com/api-reference#core-endpoints-subscriptions). */
export type SubscriptionStatus =
  'pending_customer_approval' | 'customer_approval_denied' | 'active' | 'finished' | 'cancelled' | 'paused';

export interface MandateSetupRequest {
  /** The portal's membership the mandate is for: written in the provider's metadata to trace it back. */
  membershipId: number;
  /** Derived from the portal's own record, so a retried call never makes a second billing request. */
  idempotencyKey: string;
  /** What the owner reads on the provider's page, e.g. "Harbour Vets health plan for Bramble". */
  description: string;
  /** Where the provider's page sends the owner once the Direct Debit is set up. */
  redirectUrl: string;
  /** Where its "Back" sends the owner. */
  exitUrl: string;
}

export interface MandateSetupState {
  /** The provider's id of the request for a mandate (a GoCardless Billing Request: `BRQ…`). */
  billingRequestId: string;
  status: SetupStatus;
  /** The mandate made once the owner completes the page; null until then. */
  mandateId: string | null;
  /** The portal's membership (the metadata it was created with); null for another's. */
  membershipId: number | null;
}

export interface MandateSetupStarted extends MandateSetupState {
  /** The hosted page's id (a Billing Request Flow: `BRF…`); null when the request is already settled. */
  flowId: string | null;
  /** Where the owner sets up the Direct Debit; null when the request is already fulfilled or cancelled. */
  authorisationUrl: string | null;
}

export interface MandateState {
  mandateId: string;
  status: MandateStatus;
  membershipId: number | null;
  /** The first day a payment could be taken on it (`YYYY-MM-DD`), when the provider says. */
  nextPossibleChargeDate: string | null;
}

export interface SubscriptionRequest {
  mandateId: string;
  membershipId: number;
  /** Derived from the portal's own record, so a retried call never makes a second subscription. */
  idempotencyKey: string;
  /** Each collection's amount, in pence (GBP). */
  amountPence: number;
  /** A collection each month, or one a year (a plan paid yearly). */
  intervalUnit: 'monthly' | 'yearly';
  /** The day of the month a payment is taken: 1 to 28, or -1 for the last day; unset: the start date's. */
  dayOfMonth?: number;
  /** The first payment's day (`YYYY-MM-DD`); unset: as soon as the mandate allows. */
  startDate?: string;
  /** What the owner's bank statement and e-mails name, e.g. "Health plan: Bramble". */
  name: string;
}

export interface SubscriptionState {
  subscriptionId: string;
  mandateId: string | null;
  status: SubscriptionStatus;
  amountPence: number;
  intervalUnit: 'monthly' | 'yearly';
  dayOfMonth: number | null;
  startDate: string | null;
  membershipId: number | null;
}

/** One of a webhook's events, verified: its id (to apply once), what happened to what, and whose it is. */
export interface DirectDebitEvent {
  id: string;
  /** `billing_requests`, `mandates`, `subscriptions`, `payments`… */
  resourceType: string;
  /** `fulfilled`, `active`, `failed`, `cancelled`… */
  action: string;
  /** GoCardless's stable reason (`details.cause`), e.g. `bank_account_closed`; null when absent. */
  cause: string | null;
  /** The ids the event names (`mandate`, `subscription`, `billing_request`, `payment`…). */
  links: Record<string, string>;
  /** The portal's membership, from the resource's metadata; null for another's. */
  membershipId: number | null;
  createdAt: Date | null;
}

export interface DirectDebitProvider {
  readonly name: 'gocardless';
  /** A billing request for a Bacs mandate and a hosted page for it; the same key answers the same request. */
  startMandateSetup(request: MandateSetupRequest): Promise<MandateSetupStarted>;
  mandateSetup(billingRequestId: string): Promise<MandateSetupState>;
  mandate(mandateId: string): Promise<MandateState>;
  createSubscription(request: SubscriptionRequest): Promise<SubscriptionState>;
  subscription(subscriptionId: string): Promise<SubscriptionState>;
  /** The subscription a collection was made by; null for a one-off payment. */
  paymentSubscription(paymentId: string): Promise<string | null>;
  /** Ends a subscription; one already cancelled or finished answers its state rather than a refusal. */
  cancelSubscription(subscriptionId: string): Promise<SubscriptionState>;
  /** Ends a mandate (and its subscriptions); one already ended answers its state rather than a refusal. */
  cancelMandate(mandateId: string): Promise<MandateState>;
  /** Throws WebhookSignatureError unless the body is the provider's, signed with the endpoint's secret. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): DirectDebitEvent[];
}

/** The provider could not be reached, answered 5xx, rate-limited or too late: nothing is known to have happened. */
export class DirectDebitUnavailableError extends Error {
  constructor(readonly providerCode: string) {
    super(`The Direct Debit provider is unavailable (${providerCode}).`);
    this.name = 'DirectDebitUnavailableError';
  }
}

/** The provider refused the request (4xx): a fault of ours or of the account. */
export class DirectDebitRefusedError extends Error {
  constructor(readonly providerCode: string) {
    super(`The Direct Debit provider refused the request (${providerCode}).`);
    this.name = 'DirectDebitRefusedError';
  }
}

export class WebhookSignatureError extends Error {
  constructor() {
    super('The webhook is not signed by the Direct Debit provider.');
    this.name = 'WebhookSignatureError';
  }
}
