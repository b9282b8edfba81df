import { addDays, renewalNoticeDays, type PlanBilling } from '@vet/contracts/plan-rules';
import type { Executor } from '@vet/db/connection';
import { sql, type SQL } from 'drizzle-orm';
import type { PlanNoticeFacts } from './plan-notice-emails.ts';

/**
 * The claims of the plan notices (decision 0163). Each picks a batch of memberships due a notice, marks
 * them in the same statement (`for update … skip locked`: a row another worker holds is left to it) and
 * returns what the e-mail says; the caller writes the e-mails in the same transaction, so a notice is
 * marked if and only if its e-mail is queued, once, however many workers scan at once.
 */

/** A failed collection older than this is not news: never e-mailed about (a queue stopped for a week). */
export const paymentFailureWindowDays = 7;

/**
 * Who is e-mailed: an owner with an online account (the notice links to the pet's page) and an address. A
 * notice about a contract they hold is a service message (decision 0163), whatever their preferences.
 */
const reachable = sql`c.identity_subject is not null and c.email is not null`;

/** The facts every notice names, from the claimed membership `m` and its plan, pet, client and practice. */
const facts = sql`m.id as membership_id, c.email, c.first_name, pt.id as pet_id, pt.name as pet_name,
  hp.name as plan_name, m.billing, m.price_pence, pr.name as practice_name, pr.phone as practice_phone,
  pr.owner_name`;
const joined = sql`health_plans hp, pets pt, clients c, practices pr`;
const joins = sql`hp.id = m.plan_id and pt.id = m.pet_id and c.id = m.client_id and pr.id = m.practice_id`;

type Claimed = PlanNoticeFacts & { billing: PlanBilling; price_pence: number };

/**
 * The claim every notice shares. `candidates` lists the ids due by the membership's own columns, read
 * first and kept (materialized): left to itself the planner walked every client to find a handful of
 * memberships (bench:plans). `recheck` says it again of the row locked, so a row another worker marked
 * meanwhile is not claimed twice; `order` and `limit` make the batch.
 */
async function claim<T extends Record<string, unknown>>(
  tx: Executor,
  parts: { candidates: SQL; recheck: SQL; order: SQL; limit: number; mark: SQL; extra: SQL },
) {
  const { rows } = await tx.execute<Claimed & T>(sql`
    with candidates as materialized (${parts.candidates}),
    due as (
      select m.id from candidates k
      join plan_memberships m on m.id = k.id
      join pets pt on pt.id = m.pet_id
      join clients c on c.id = m.client_id
      where m.status = 'active' and ${parts.recheck} and ${reachable}
      order by ${parts.order} limit ${parts.limit}
      for update of m skip locked)
    update plan_memberships m set ${parts.mark}
    from due, ${joined}
    where m.id = due.id and ${joins}
    returning ${facts}, ${parts.extra}`);
  return rows;
}

/**
 * Active memberships of Active pets renewing within the next 30 days, not yet told of that renewal; with
 * the price from then: the plan's next price (for the member's billing) once it applies on the renewal
 * day, else what the member pays now.
 */
export function claimRenewals(tx: Executor, today: string, limit: number) {
  const window = sql`m.renews_on between ${today}::date and ${addDays(today, renewalNoticeDays)}::date
    and m.renewal_notice_for is distinct from m.renews_on`;
  return claim<{ renews_on: string; renewal_price_pence: number }>(tx, {
    candidates: sql`select m.id from plan_memberships m where m.status = 'active' and ${window}`,
    recheck: sql`${window} and pt.status = 'Active'`,
    order: sql`m.renews_on, m.id`,
    limit,
    mark: sql`renewal_notice_for = m.renews_on`,
    extra: sql`m.renews_on::text as renews_on,
      case when hp.next_price_from <= m.renews_on
        then coalesce(case m.billing when 'yearly' then hp.next_yearly_pence else hp.next_monthly_pence end,
          m.price_pence)
        else m.price_pence end as renewal_price_pence`,
  });
}

/**
 * Active memberships of Active pets whose last collection failed within the week and whose owner was
 * not yet told of that failure (payment_failed_on is set from the provider's webhooks).
 */
export function claimPaymentFailures(tx: Executor, today: string, limit: number) {
  const failed = sql`m.payment_failed_on >= ${addDays(today, -paymentFailureWindowDays)}::date
    and m.payment_failure_notice_for is distinct from m.payment_failed_on`;
  return claim<{ failed_on: string }>(tx, {
    candidates: sql`select m.id from plan_memberships m where m.status = 'active' and ${failed}`,
    recheck: sql`${failed} and pt.status = 'Active'`,
    order: sql`m.id`,
    limit,
    mark: sql`payment_failure_notice_for = m.payment_failed_on`,
    extra: sql`m.payment_failed_on::text as failed_on`,
  });
}

/**
 * Active memberships of pets recorded as died or rehomed (by the owner or the practice system) whose owner
 * was not yet offered to end them. A pending one (its Direct Debit not set up) waits until it is active.
 */
export function claimPetsGone(tx: Executor, limit: number) {
  const gone = sql`pt.status in ('Deceased', 'Rehomed') and m.pet_gone_offered_at is null`;
  return claim<{ pet_status: 'Deceased' | 'Rehomed' }>(tx, {
    candidates: sql`select m.id from pets pt join plan_memberships m on m.pet_id = pt.id
      where m.status = 'active' and ${gone}`,
    recheck: gone,
    order: sql`m.id`,
    limit,
    mark: sql`pet_gone_offered_at = now()`,
    extra: sql`pt.status::text as pet_status`,
  });
}
