import type { BillingRequest, Event, JsonMap, Mandate, Subscription } from 'gocardless-nodejs';
import type {
  DirectDebitEvent,
  MandateSetupState,
  MandateState,
  MandateStatus,
  SetupStatus,
  SubscriptionState,
  SubscriptionStatus,
} from './direct-debit-provider.ts';

/** GoCardless's resources in the port's words: only what the port names leaves the adapter. */

/** The metadata key the portal writes on each resource it creates. */
export const membershipKey = 'membership_id';

/** The portal's membership id written in metadata; null when absent or not ours. */
export function membershipIdOf(metadata: JsonMap | Record<string, string> | null | undefined): number | null {
  const value = metadata?.[membershipKey];
  const id = typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const setupStatuses: readonly string[] = [
  'pending',
  'ready_to_fulfil',
  'fulfilling',
  'fulfilled',
  'cancelled',
] satisfies SetupStatus[];

/**
 * https://developer.gocardless.com/api-reference#billing-requests-billing-requests: `status`, and
 * `links.mandate_request_mandate` once fulfilled. A status GoCardless adds later reads as `pending`.
 */
export function setupStateOf(request: BillingRequest): MandateSetupState {
  const status = setupStatuses.includes(request.status ?? '') ? (request.status as SetupStatus) : 'pending';
  return {
    billingRequestId: request.id,
    status,
    mandateId: request.links?.mandate_request_mandate ?? null,
    membershipId: membershipIdOf(request.metadata),
  };
}

const mandateStatuses: readonly string[] = [
  'pending_customer_approval',
  'pending_submission',
  'submitted',
  'active',
  'failed',
  'cancelled',
  'expired',
  'consumed',
  'blocked',
  'suspended_by_payer',
] satisfies MandateStatus[];

/** https://developer.gocardless.com/api-reference#core-endpoints-mandates; a new status reads as `submitted`. */
export function mandateStateOf(mandate: Mandate): MandateState {
  const status = mandateStatuses.includes(mandate.status ?? '')
    ? (mandate.status as MandateStatus)
    : 'submitted';
  return {
    mandateId: mandate.id ?? '',
    status,
    membershipId: membershipIdOf(mandate.metadata),
    nextPossibleChargeDate: mandate.next_possible_charge_date ?? null,
  };
}

const subscriptionStatuses: readonly string[] = [
  'pending_customer_approval',
  'customer_approval_denied',
  'active',
  'finished',
  'cancelled',
  'paused',
] satisfies SubscriptionStatus[];

/** https://developer.gocardless.com/api-reference#core-endpoints-subscriptions: `amount` in pence. */
export function subscriptionStateOf(subscription: Subscription): SubscriptionState {
  const status = subscriptionStatuses.includes(subscription.status ?? '')
    ? (subscription.status as SubscriptionStatus)
    : 'active';
  return {
    subscriptionId: subscription.id ?? '',
    mandateId: subscription.links?.mandate ?? null,
    status,
    amountPence: subscription.amount ?? 0,
    intervalUnit: subscription.interval_unit === 'yearly' ? 'yearly' : 'monthly',
    dayOfMonth: subscription.day_of_month ?? null,
    startDate: subscription.start_date ?? null,
    membershipId: membershipIdOf(subscription.metadata),
  };
}

/**
 * An event of a webhook (https://developer.gocardless.com/api-reference#core-endpoints-events): the
 * portal's id is read from the resource's metadata (`resource_metadata`), else from the event's own
 * (`metadata`: what was given with the API call that caused it).
 */
export function eventOf(event: Event): DirectDebitEvent {
  const links = Object.fromEntries(
    Object.entries(event.links ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  const createdAt = event.created_at ? new Date(event.created_at) : null;
  return {
    id: event.id ?? '',
    resourceType: event.resource_type ?? '',
    action: event.action ?? '',
    cause: event.details?.cause ?? null,
    links,
    membershipId: membershipIdOf(event.resource_metadata) ?? membershipIdOf(event.metadata),
    createdAt: createdAt && !Number.isNaN(createdAt.getTime()) ? createdAt : null,
  };
}
