import { sql } from 'drizzle-orm';
import type { TaskList } from 'graphile-worker';
import { membershipById } from './membership-rows.ts';
import type { PlanWriteDeps } from './plan-deps.ts';

/**
 * The queue's task that ends a membership's Direct Debit at the provider. Migration 0066's trigger queues
 * it, keyed by the membership, in the transaction that ends a live membership, whoever ends it (the owner,
 * the practice system, a merge): the end and the promise to stop the collections commit together, so
 * nothing is taken after it even if the process stops before the provider answers (decision 0162). It is
 * due a minute later, a backstop of the request's own call; 25 tries with graphile-worker's back-off span
 * about three days.
 */
export const endPlanDirectDebitTask = 'end-plan-direct-debit';
const jobKey = (membershipId: number) => `plan-dd-end-${membershipId}`;

/**
 * Ends the subscription of a membership that has ended, and its mandate when no live membership still
 * uses it. The provider answers a cancel of what has already ended with its state (decision 0159), so
 * running twice is harmless. Throws when the provider cannot be reached: the job is then tried again.
 */
export async function endDirectDebit(
  deps: Pick<PlanWriteDeps, 'db' | 'provider'>,
  membershipId: number,
): Promise<void> {
  const provider = deps.provider;
  const row = await membershipById(deps.db, membershipId);
  if (!provider || !row || (row.status !== 'cancelled' && row.status !== 'ended')) return;
  if (row.dd_subscription_id) await provider.cancelSubscription(row.dd_subscription_id);
  if (row.dd_mandate_id) {
    const { rows } = await deps.db.execute(sql`
      select 1 from plan_memberships
      where dd_mandate_id = ${row.dd_mandate_id} and id <> ${row.id} and status in ('pending', 'active')
      limit 1`);
    if (rows.length === 0) await provider.cancelMandate(row.dd_mandate_id);
  }
}

/** At once, after the commit: on success the queued backstop is removed; on failure it stays. */
export async function endDirectDebitNow(
  deps: Pick<PlanWriteDeps, 'db' | 'provider'>,
  membershipId: number,
): Promise<void> {
  await endDirectDebit(deps, membershipId);
  await deps.db.execute(sql`select graphile_worker.remove_job(${jobKey(membershipId)}::text)`);
}

/** The task for the API's queue (the e-mail worker runs it, with its own database). */
export function planTasks(provider: PlanWriteDeps['provider']) {
  return (db: PlanWriteDeps['db']): TaskList => ({
    [endPlanDirectDebitTask]: async (payload) => {
      const membershipId = Number((payload as { membershipId?: unknown } | null)?.membershipId);
      if (!Number.isSafeInteger(membershipId) || membershipId < 1) return;
      await endDirectDebit({ db, provider }, membershipId);
    },
  });
}
