import type { Executor } from '@vet/db/connection';
import { sql } from 'drizzle-orm';
import type { TaskList } from 'graphile-worker';
import { membershipById } from './membership-rows.ts';
import type { PlanWriteDeps } from './plan-deps.ts';

/** The queue's task that ends a cancelled membership's Direct Debit at the provider. */
export const endPlanDirectDebitTask = 'end-plan-direct-debit';
const jobKey = (membershipId: number) => `plan-dd-end-${membershipId}`;
/** graphile-worker backs off exponentially (about exp(attempt) seconds): 25 tries span about three days. */
const maxAttempts = 25;
/** The request asks the provider itself first; the job is the backstop a minute later. */
const backstopDelay = '1 minute';

/**
 * Queues the end of a membership's Direct Debit, in the cancelling transaction: the cancel and the promise
 * to end the collections at the provider commit together, so nothing is taken after the owner cancelled
 * even if the process stops before the provider answers (decision 0162).
 */
export async function endDirectDebitSoon(tx: Executor, membershipId: number): Promise<void> {
  await tx.execute(sql`
    select graphile_worker.add_job(${endPlanDirectDebitTask}::text, json_build_object('membershipId', ${membershipId}::int),
      run_at => now() + ${backstopDelay}::interval, max_attempts => ${maxAttempts}::int,
      job_key => ${jobKey(membershipId)}::text)`);
}

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
