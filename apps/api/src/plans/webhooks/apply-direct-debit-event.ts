import { addMonths } from '@vet/contracts/plan-rules';
import { practiceDate } from '@vet/contracts/practice-clock';
import type { Executor } from '@vet/db/connection';
import { recordPracticeEvent } from '@vet/practice-events/record-events';
import { sql } from 'drizzle-orm';
import { DirectDebitRefusedError, type DirectDebitEvent } from '../direct-debit/index.ts';
import {
  activate,
  failedMandates,
  lockMembershipsWhere,
  membershipFacts,
  type MembershipRow,
  type PlanWriteDeps,
} from '../memberships/index.ts';

/** Records the event's id; false when it was applied before (a second delivery changes nothing). */
async function takeEvent(tx: Executor, event: DirectDebitEvent): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    insert into direct_debit_events (event_id, resource_type, action)
    values (${event.id}, ${event.resourceType}, ${event.action})
    on conflict (event_id) do nothing
    returning event_id`);
  return rows.length > 0;
}

/** The event's day in the practice's calendar (its `created_at`; now when absent). */
const dayOf = (deps: PlanWriteDeps, event: DirectDebitEvent) => practiceDate(event.createdAt ?? deps.now());

/** Under the event's transaction: take it once, lock the memberships it is about, apply. */
function once(
  deps: PlanWriteDeps,
  event: DirectDebitEvent,
  where: ReturnType<typeof sql> | null,
  apply: (tx: Executor, rows: MembershipRow[]) => Promise<void>,
): Promise<void> {
  return deps.db.transaction(async (tx) => {
    if (!(await takeEvent(tx, event))) return;
    // An event for a resource the portal does not know (another system's, or removed): acknowledged, dropped.
    if (!where) return;
    const rows = await lockMembershipsWhere(tx, where);
    if (rows.length > 0) await apply(tx, rows);
  });
}

/**
 * A mandate's news (https://developer.gocardless.com/api-reference#event-types-mandate). Its status is
 * read from the provider, not from the event's action, so events in any order leave the last word.
 * A mandate that failed or was cancelled at the bank is recorded on each live membership using it, and
 * told to the practice once per change (`plan.direct_debit_failed`); the membership stays as it is until
 * the practice acts (decision 0162), and the owner sees the problem.
 */
async function mandateNews(deps: PlanWriteDeps, event: DirectDebitEvent, mandateId: string) {
  const membershipId = event.membershipId;
  const where =
    membershipId === null
      ? sql`m.dd_mandate_id = ${mandateId}`
      : sql`(m.dd_mandate_id = ${mandateId} or (m.id = ${membershipId} and m.status = 'pending' and m.dd_mandate_id is null))`;
  const { rows: known } = await deps.db.execute(sql`select 1 from plan_memberships m where ${where} limit 1`);
  // Another's mandate (the account may serve more than the portal): acknowledged, never asked about.
  if (known.length === 0) return once(deps, event, null, () => Promise.resolve());
  let status: string = event.action;
  try {
    if (deps.provider) status = (await deps.provider.mandate(mandateId)).status;
  } catch (error) {
    // Refused (gone at the provider): the event's own word stands. Unavailable: delivered again later.
    if (!(error instanceof DirectDebitRefusedError)) throw error;
  }
  await once(deps, event, where, async (tx, rows) => {
    for (const row of rows) {
      if (row.dd_mandate_status === status) continue;
      await tx.execute(sql`
        update plan_memberships set dd_mandate_status = ${status}, updated_at = now() where id = ${row.id}`);
      if (row.status === 'active' && (failedMandates as readonly string[]).includes(status)) {
        await recordPracticeEvent(tx, 'plan.direct_debit_failed', {
          ...membershipFacts(row),
          provider: 'gocardless',
          provider_mandate_id: mandateId,
          status,
          cause: event.cause,
          failed_at: (event.createdAt ?? deps.now()).toISOString(),
        });
      }
    }
  });
}

/** A collection's news (https://developer.gocardless.com/api-reference#event-types-payment), by its subscription. */
async function paymentNews(deps: PlanWriteDeps, event: DirectDebitEvent, subscriptionId: string) {
  const day = dayOf(deps, event);
  await once(deps, event, sql`m.dd_subscription_id = ${subscriptionId}`, async (tx, rows) => {
    for (const row of rows) {
      // Nothing for a membership that has ended: its news no longer changes what the owner is shown.
      if (row.status !== 'active') continue;
      if (event.action === 'failed') {
        await tx.execute(sql`
          update plan_memberships set payment_failed_on = ${day}, updated_at = now() where id = ${row.id}`);
        await recordPracticeEvent(tx, 'plan.payment_failed', {
          ...membershipFacts(row),
          provider: 'gocardless',
          provider_payment_id: event.links.payment ?? '',
          amount_pence: row.price_pence,
          failed_on: day,
          cause: event.cause,
        });
        continue;
      }
      // Confirmed (collected) or paid out: a failure before it no longer stands. Only `confirmed` moves the
      // next collection on (paid_out follows it for the same payment), past the day it was collected.
      let next = row.next_payment_on;
      if (event.action === 'confirmed' && next !== null) {
        const months = row.billing === 'yearly' ? 12 : 1;
        while (next <= day) next = addMonths(next, months);
      }
      await tx.execute(sql`
        update plan_memberships set next_payment_on = ${next},
          payment_failed_on = case when payment_failed_on <= ${day} then null else payment_failed_on end,
          updated_at = now()
        where id = ${row.id}`);
    }
  });
}

/**
 * A subscription cancelled at the provider (https://developer.gocardless.com/api-reference#event-types-subscription).
 * The owner's own cancel, and one that follows its mandate's end (told by the mandate's event), change
 * nothing more. One cancelled by anyone else (the practice in GoCardless's dashboard) while the
 * membership is live is told to the practice as a Direct Debit problem; the membership stays until it
 * acts (decision 0162), as for a failed mandate.
 */
async function subscriptionCancelled(deps: PlanWriteDeps, event: DirectDebitEvent, subscriptionId: string) {
  await once(deps, event, sql`m.dd_subscription_id = ${subscriptionId}`, async (tx, rows) => {
    if (event.cause === 'mandate_cancelled') return;
    for (const row of rows) {
      if (row.status !== 'active' || row.ended_by !== null) continue;
      await recordPracticeEvent(tx, 'plan.direct_debit_failed', {
        ...membershipFacts(row),
        provider: 'gocardless',
        provider_mandate_id: row.dd_mandate_id,
        status: 'subscription_cancelled',
        cause: event.cause,
        failed_at: (event.createdAt ?? deps.now()).toISOString(),
      });
    }
  });
}

/**
 * One verified event of the provider's webhook, applied once whatever the order (decision 0162). Each
 * event id is taken in the transaction of its effect. A billing request's `fulfilled` activates through
 * the same `activate` as the owner's return (itself once, under the row's lock), then is taken.
 */
export async function applyDirectDebitEvent(deps: PlanWriteDeps, event: DirectDebitEvent): Promise<void> {
  const { links } = event;
  if (event.resourceType === 'billing_requests' && event.action === 'fulfilled') {
    const membershipId =
      event.membershipId ?? (await membershipOfBillingRequest(deps, links.billing_request ?? null));
    if (membershipId !== null) await activate(deps, membershipId);
    return once(deps, event, null, () => Promise.resolve());
  }
  if (event.resourceType === 'mandates' && links.mandate) return mandateNews(deps, event, links.mandate);
  if (event.resourceType === 'payments' && ['failed', 'confirmed', 'paid_out'].includes(event.action)) {
    // The event links the payment; the payment names the subscription that made it (unavailable: a 503,
    // and GoCardless delivers it again).
    const subscriptionId =
      links.subscription ??
      (links.payment && deps.provider ? await deps.provider.paymentSubscription(links.payment) : null);
    if (subscriptionId) return paymentNews(deps, event, subscriptionId);
  }
  if (event.resourceType === 'subscriptions' && event.action === 'cancelled' && links.subscription) {
    return subscriptionCancelled(deps, event, links.subscription);
  }
  // Anything else (created, submitted, a payment of no subscription…): acknowledged, recorded once.
  return once(deps, event, null, () => Promise.resolve());
}

async function membershipOfBillingRequest(deps: PlanWriteDeps, billingRequestId: string | null) {
  if (!billingRequestId) return null;
  const { rows } = await deps.db.execute<{ id: number }>(sql`
    select id from plan_memberships where dd_billing_request_id = ${billingRequestId}`);
  return rows[0]?.id ?? null;
}
