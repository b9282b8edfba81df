import type { MembershipCanceller, MembershipStatus, PlanBilling } from '@vet/contracts/plan-rules';
import type { Executor } from '@vet/db/connection';
import { sql } from 'drizzle-orm';

/** A membership with what joining, confirming, cancelling and the webhooks need of its pet and plan. */
export type MembershipRow = {
  id: number;
  pms_ref: string | null;
  status: MembershipStatus;
  billing: PlanBilling;
  price_pence: number;
  started_on: string;
  renews_on: string;
  next_payment_on: string | null;
  payment_failed_on: string | null;
  ended_by: MembershipCanceller | null;
  dd_billing_request_id: string | null;
  dd_mandate_id: string | null;
  dd_subscription_id: string | null;
  dd_mandate_status: string | null;
  practice_id: number;
  practice_ref: string | null;
  practice_name: string;
  practice_owner_name: string | null;
  plan_id: number;
  plan_ref: string | null;
  plan_name: string;
  minimum_term_months: number;
  cooling_off_days: number;
  early_exit_fee_pence: number;
  pet_id: number;
  pet_ref: string | null;
  pet_name: string;
  pet_status: string;
  client_id: number;
  client_ref: string | null;
  client_email: string | null;
  client_first_name: string;
};

/** `for update of m`: the membership's row only, so the plan, pet and client rows stay free. */
const selectMembership = (where: ReturnType<typeof sql>, lock: boolean) => sql`
  select m.id, m.pms_ref, m.status, m.billing, m.price_pence, m.started_on::text, m.renews_on::text,
    m.next_payment_on::text, m.payment_failed_on::text, m.ended_by, m.dd_billing_request_id,
    m.dd_mandate_id, m.dd_subscription_id, m.dd_mandate_status,
    pr.id as practice_id, pr.pms_ref as practice_ref, pr.name as practice_name,
    pr.owner_name as practice_owner_name,
    hp.id as plan_id, hp.pms_ref as plan_ref, hp.name as plan_name, hp.minimum_term_months,
    hp.cooling_off_days, hp.early_exit_fee_pence,
    p.id as pet_id, p.pms_ref as pet_ref, p.name as pet_name, p.status as pet_status,
    c.id as client_id, c.pms_ref as client_ref, c.email as client_email, c.first_name as client_first_name
  from plan_memberships m
  join practices pr on pr.id = m.practice_id
  join health_plans hp on hp.id = m.plan_id
  join pets p on p.id = m.pet_id
  join clients c on c.id = m.client_id
  where ${where}
  order by m.id
  ${lock ? sql`for update of m` : sql``}`;

async function one(executor: Executor, where: ReturnType<typeof sql>, lock: boolean) {
  const { rows } = await executor.execute<MembershipRow>(selectMembership(where, lock));
  return rows[0];
}

/** A membership by id; `clientId` keeps it to its owner (another's answers like a missing one). */
export const membershipById = (executor: Executor, id: number, clientId?: number) =>
  one(
    executor,
    sql`m.id = ${id} ${clientId === undefined ? sql`` : sql`and m.client_id = ${clientId}`}`,
    false,
  );

/** The same, its row locked until the transaction ends: every change of a membership goes through here. */
export const lockMembership = (executor: Executor, id: number, clientId?: number) =>
  one(
    executor,
    sql`m.id = ${id} ${clientId === undefined ? sql`` : sql`and m.client_id = ${clientId}`}`,
    true,
  );

/** The memberships a webhook's resource belongs to, locked in id order (one lock order for everyone). */
export async function lockMembershipsWhere(executor: Executor, where: ReturnType<typeof sql>) {
  const { rows } = await executor.execute<MembershipRow>(selectMembership(where, true));
  return rows;
}

/** What every plan event names (plan-events.ts): the membership, plan, pet, client and practice with their refs. */
export function membershipFacts(row: MembershipRow) {
  return {
    membership_id: row.id,
    membership_ref: row.pms_ref,
    plan_id: row.plan_id,
    plan_ref: row.plan_ref,
    pet_id: row.pet_id,
    pet_ref: row.pet_ref,
    client_id: row.client_id,
    client_ref: row.client_ref,
    practice_id: row.practice_id,
    practice_ref: row.practice_ref,
  };
}
