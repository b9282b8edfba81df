import type { MembershipStatus } from '@vet/contracts/plan-rules';
import { recordPracticeEvent } from '@vet/practice-events/record-events';
import { sql } from 'drizzle-orm';
import type { MandateStatus, SubscriptionRequest } from '../direct-debit/index.ts';
import { lockMembership, membershipById, membershipFacts, type MembershipRow } from './membership-rows.ts';
import { subscriptionKey, type PlanWriteDeps } from './plan-deps.ts';

/** A mandate payments can be taken on, now or once Bacs has it (https://developer.gocardless.com/api-reference#core-endpoints-mandates). */
const usableMandates: readonly MandateStatus[] = [
  'pending_customer_approval',
  'pending_submission',
  'submitted',
  'active',
];

/** A mandate's end at the bank, which a late read must not overwrite (its webhook may come first). */
export const failedMandates: readonly MandateStatus[] = [
  'failed',
  'cancelled',
  'expired',
  'consumed',
  'blocked',
];
const failedMandateList = sql.raw(`(${failedMandates.map((status) => `'${status}'`).join(', ')})`);

/** GoCardless takes a day of the month from 1 to 28 (or -1, the last): the 29th to 31st are taken on the 28th. */
export const collectionDay = (startedOn: string) => Math.min(Number(startedOn.slice(8, 10)), 28);

function subscriptionOf(row: MembershipRow, mandateId: string): SubscriptionRequest {
  return {
    mandateId,
    membershipId: row.id,
    idempotencyKey: subscriptionKey(row.id),
    amountPence: row.price_pence,
    intervalUnit: row.billing,
    // Monthly: on the start day's day of the month. Yearly: once, as soon as the mandate allows, then a year on.
    ...(row.billing === 'monthly' ? { dayOfMonth: collectionDay(row.started_on) } : {}),
    name: `Health plan: ${row.pet_name}`.slice(0, 255),
  };
}

/**
 * The one way a membership joined online becomes active (decision 0162), for the owner's return
 * (POST …/confirm) and the provider's `billing_requests` `fulfilled` webhook alike, in any order and as
 * often as they come. The provider is asked outside any lock: the billing request fulfilled, its mandate
 * usable, then the subscription, created with the membership's own key so two callers get the same one.
 * The row is then changed under its lock, once: only a pending membership becomes active, and only that
 * change records `plan.joined`.
 */
export async function activate(deps: PlanWriteDeps, membershipId: number): Promise<MembershipStatus | null> {
  const provider = deps.provider;
  const row = await membershipById(deps.db, membershipId);
  if (!row) return null;
  if (row.status !== 'pending' || !row.dd_billing_request_id || !provider) return row.status;
  const setup = await provider.mandateSetup(row.dd_billing_request_id);
  if (setup.status !== 'fulfilled' || !setup.mandateId) return row.status;
  const mandate = await provider.mandate(setup.mandateId);
  if (!usableMandates.includes(mandate.status)) {
    await deps.db.execute(sql`
      update plan_memberships set dd_mandate_id = ${mandate.mandateId}, dd_mandate_status = ${mandate.status},
        updated_at = now()
      where id = ${row.id} and status = 'pending'`);
    return row.status;
  }
  const subscription = await provider.createSubscription(subscriptionOf(row, mandate.mandateId));
  return deps.db.transaction(async (tx) => {
    const locked = await lockMembership(tx, membershipId);
    if (!locked || locked.status !== 'pending') return locked?.status ?? null;
    const { rows } = await tx.execute<{ joined_at: Date }>(sql`
      update plan_memberships set status = 'active', dd_mandate_id = ${mandate.mandateId},
        billing = ${subscription.intervalUnit}, price_pence = ${subscription.amountPence},
        dd_subscription_id = ${subscription.subscriptionId},
        dd_mandate_status = case when dd_mandate_status in ${failedMandateList} then dd_mandate_status
          else ${mandate.status} end,
        next_payment_on = ${subscription.startDate}, updated_at = now()
      where id = ${membershipId}
      returning updated_at as joined_at`);
    await recordPracticeEvent(tx, 'plan.joined', {
      ...membershipFacts(locked),
      // What the subscription collects (a press that changed the billing meanwhile came too late for it).
      billing: subscription.intervalUnit,
      price_pence: subscription.amountPence,
      started_on: locked.started_on,
      renews_on: locked.renews_on,
      next_payment_on: subscription.startDate,
      provider: 'gocardless',
      provider_mandate_id: mandate.mandateId,
      provider_subscription_id: subscription.subscriptionId,
      joined_at: new Date(rows[0]?.joined_at ?? deps.now()).toISOString(),
    });
    return 'active';
  });
}
