import type {
  BillingRequest,
  BillingRequestFlow,
  Customer,
  CustomerBankAccount,
  EventDetails,
  EventLinks,
  Mandate,
  Payment,
  Subscription,
} from 'gocardless-nodejs';
import {
  dateAfter,
  envelope,
  invalidField,
  metadataOf,
  newId,
  notFound,
  StandInError,
  timestamp,
  urlOf,
} from './stand-in-support.ts';

/** What the stand-in holds (typed by the official library's own resource types), and how it tells of a change. */
export interface StandInStore {
  now: () => number;
  flowUrl: (flowId: string) => string;
  billingRequests: Map<string, BillingRequest>;
  flows: Map<string, BillingRequestFlow>;
  customers: Map<string, Customer>;
  bankAccounts: Map<string, CustomerBankAccount>;
  mandates: Map<string, Mandate>;
  subscriptions: Map<string, Subscription>;
  payments: Map<string, Payment>;
  emit: (change: Change) => void;
}

/** An event to make (https://developer.gocardless.com/api-reference#core-endpoints-events). */
export interface Change {
  resourceType: 'billing_requests' | 'mandates' | 'subscriptions' | 'payments';
  action: string;
  links: EventLinks;
  details: EventDetails;
  resourceMetadata: Record<string, string>;
}

/** A Billing Request Flow lives a week (GUESS: the reference's example flow expires seven days after it is made). */
const flowLifetimeDays = 7;
/** Bacs: a new mandate's first payment at least this many working days away (GUESS, README). */
const bacsLeadDays = 3;

export function held<T>(map: Map<string, T>, id: string): T {
  const found = map.get(id);
  if (!found) throw notFound(id);
  return found;
}

/** https://developer.gocardless.com/api-reference#billing-requests-create-a-billing-request: a mandate request only. */
export function createBillingRequest(store: StandInStore, body: unknown): BillingRequest {
  const params = envelope(body, 'billing_requests');
  const mandateRequest = params.mandate_request as Record<string, unknown> | undefined;
  if (!mandateRequest || typeof mandateRequest !== 'object') {
    throw invalidField('mandate_request', 'is required (the stand-in serves mandate requests only)');
  }
  if (mandateRequest.currency !== 'GBP') throw invalidField('mandate_request.currency', 'must be GBP');
  const scheme = mandateRequest.scheme ?? 'bacs';
  if (scheme !== 'bacs') throw invalidField('mandate_request.scheme', 'must be bacs');
  const request: BillingRequest = {
    id: newId('BRQ'),
    created_at: timestamp(store.now()),
    status: 'pending',
    mandate_request: {
      currency: 'GBP',
      scheme: 'bacs',
      description: typeof mandateRequest.description === 'string' ? mandateRequest.description : null,
      metadata: metadataOf(mandateRequest.metadata, 'mandate_request.metadata'),
      verify: 'recommended',
    },
    payment_request: null,
    metadata: metadataOf(params.metadata, 'metadata'),
    links: { creditor: 'CR0000STANDIN' },
    actions: [
      { type: 'collect_customer_details', required: true, status: 'pending' },
      { type: 'collect_bank_account', required: true, status: 'pending' },
      { type: 'confirm_payer_details', required: true, status: 'pending' },
    ],
  };
  store.billingRequests.set(request.id, request);
  store.emit({
    resourceType: 'billing_requests',
    action: 'created',
    links: { billing_request: request.id },
    details: { origin: 'api', cause: 'billing_request_created', description: 'Billing Request created.' },
    resourceMetadata: request.metadata ?? {},
  });
  return request;
}

/** https://developer.gocardless.com/api-reference#billing-requests-create-a-billing-request-flow */
export function createFlow(store: StandInStore, body: unknown): BillingRequestFlow {
  const params = envelope(body, 'billing_request_flows');
  const links = (params.links ?? {}) as Record<string, unknown>;
  if (typeof links.billing_request !== 'string') throw invalidField('links.billing_request', 'is required');
  const request = held(store.billingRequests, links.billing_request);
  if (request.status === 'fulfilled' || request.status === 'cancelled') {
    // GUESS (README): the reason GoCardless gives for a flow of a settled request.
    throw new StandInError(
      422,
      'invalid_state',
      'billing_request_not_open',
      `Billing request is ${request.status}`,
    );
  }
  const now = store.now();
  const flow: BillingRequestFlow = {
    id: newId('BRF', 26),
    created_at: timestamp(now),
    expires_at: new Date(now + flowLifetimeDays * 86_400_000).toISOString(),
    authorisation_url: '',
    auto_fulfil: params.auto_fulfil !== false,
    redirect_uri: urlOf(params.redirect_uri, 'redirect_uri'),
    exit_uri: urlOf(params.exit_uri, 'exit_uri'),
    lock_bank_account: params.lock_bank_account === true,
    lock_currency: params.lock_currency === true,
    lock_customer_details: params.lock_customer_details === true,
    session_token: null,
    links: { billing_request: request.id },
  };
  flow.authorisation_url = store.flowUrl(flow.id);
  store.flows.set(flow.id, flow);
  return flow;
}

export const billingRequestOf = (store: StandInStore, id: string) => held(store.billingRequests, id);

/** Why a flow cannot be completed now, or null. */
export function flowClosed(store: StandInStore, flow: BillingRequestFlow): string | null {
  const request = store.billingRequests.get(flow.links?.billing_request ?? '');
  if (!request) return 'This Direct Debit request no longer exists.';
  if (request.status === 'fulfilled') return 'This Direct Debit is already set up.';
  if (request.status === 'cancelled') return 'This Direct Debit request was cancelled.';
  if (Date.parse(flow.expires_at ?? '') <= store.now()) return 'This link has expired.';
  return null;
}

/**
 * What the payer's "Set up Direct Debit" does on the hosted page: the request's customer, bank account and
 * mandate are made and the request is fulfilled
 * (https://developer.gocardless.com/billing-requests/setting-up-a-dd-mandate). The mandate carries the
 * mandate request's metadata and starts `pending_submission` (Bacs submits it later: `activateMandate`).
 */
export function completeFlow(store: StandInStore, flowId: string): BillingRequest {
  const flow = held(store.flows, flowId);
  const closed = flowClosed(store, flow);
  if (closed) throw new StandInError(422, 'invalid_state', 'billing_request_not_open', closed);
  const request = held(store.billingRequests, flow.links?.billing_request ?? '');
  const now = store.now();
  // The stand-in's own test payer: no real person's details.
  const customer: Customer = {
    id: newId('CU'),
    created_at: timestamp(now),
    given_name: 'Test',
    family_name: 'Payer',
    email: 'payer@stand-in.invalid',
    country_code: 'GB',
    metadata: {},
  };
  const bankAccount: CustomerBankAccount = {
    id: newId('BA'),
    created_at: timestamp(now),
    account_holder_name: 'TEST PAYER',
    account_number_ending: '11',
    bank_name: 'STAND-IN BANK',
    country_code: 'GB',
    currency: 'GBP',
    enabled: true,
    links: { customer: customer.id ?? '' },
    metadata: {},
  };
  const mandate: Mandate = {
    id: newId('MD'),
    created_at: timestamp(now),
    scheme: 'bacs',
    status: 'pending_submission',
    reference: newId('STANDIN-', 6),
    next_possible_charge_date: dateAfter(now, bacsLeadDays + 2),
    metadata: { ...(request.mandate_request?.metadata ?? {}) },
    links: {
      customer: customer.id ?? '',
      customer_bank_account: bankAccount.id ?? '',
      creditor: 'CR0000STANDIN',
    },
  };
  store.customers.set(customer.id ?? '', customer);
  store.bankAccounts.set(bankAccount.id ?? '', bankAccount);
  store.mandates.set(mandate.id ?? '', mandate);
  request.status = 'fulfilled';
  request.actions = (request.actions ?? []).map((action) => ({ ...action, status: 'completed' }));
  request.links = {
    ...request.links,
    customer: customer.id ?? '',
    customer_bank_account: bankAccount.id ?? '',
    mandate_request_mandate: mandate.id ?? '',
  };
  store.emit({
    resourceType: 'mandates',
    action: 'created',
    links: { mandate: mandate.id ?? '' },
    details: { origin: 'payer', cause: 'mandate_created', description: 'Mandate created by the payer.' },
    resourceMetadata: mandate.metadata ?? {},
  });
  store.emit({
    resourceType: 'billing_requests',
    action: 'fulfilled',
    links: { billing_request: request.id, mandate_request_mandate: mandate.id ?? '' },
    details: {
      origin: 'payer',
      cause: 'billing_request_fulfilled',
      description: 'Billing Request fulfilled.',
    },
    resourceMetadata: request.metadata ?? {},
  });
  return request;
}
