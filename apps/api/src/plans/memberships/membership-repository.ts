import { practiceTimeZone } from '@vet/contracts/practice-clock';
import type { MembershipEndReason, MembershipStatus, PlanBilling } from '@vet/contracts/plan-rules';
import type { PlanBenefit } from '@vet/contracts/plans';
import type { Executor } from '@vet/db/connection';
import { sql, type SQL } from 'drizzle-orm';

export type MembershipRow = {
  id: number;
  pet_id: number;
  pet_name: string;
  plan_id: number;
  plan_name: string;
  practice_id: number;
  practice_name: string;
  status: MembershipStatus;
  billing: PlanBilling;
  price_pence: number;
  started_on: string;
  renews_on: string;
  next_payment_on: string | null;
  payment_failed_on: string | null;
  dd_mandate_status: string | null;
  ended_on: string | null;
  end_reason: MembershipEndReason | null;
  exit_fee_pence: number | null;
  benefits: (PlanBenefit & { used: number })[];
  next_vaccination: { vaccine: string; dueOn: string } | null;
};

/**
 * The pet's next vaccination: of each vaccine's latest dose (a later dose replaces an earlier one's due
 * day), the earliest due today or later, else the latest overdue.
 */
const nextVaccination = (today: string) => sql`(
  select json_build_object('vaccine', v.vaccine, 'dueOn', v.due_on::text)
    from (select distinct on (lower(x.vaccine)) x.vaccine, x.due_on from vaccinations x
           where x.pet_id = m.pet_id order by lower(x.vaccine), x.given_on desc, x.id desc) v
   where v.due_on is not null
   order by v.due_on >= ${today}::date desc,
     case when v.due_on >= ${today}::date then v.due_on end, v.due_on desc
   limit 1)`;

/**
 * The client's memberships with their plan's benefits and this plan year's uses, in one query. Every
 * query names the client: another client's membership is not found, exactly as a missing one. Live
 * (pending or active) first, then the newest.
 */
export async function membershipsOf(
  db: Executor,
  clientId: number,
  today: string,
  only: { petId?: number; membershipId?: number } = {},
): Promise<MembershipRow[]> {
  const filters: SQL[] = [sql`m.client_id = ${clientId}`];
  if (only.petId !== undefined) filters.push(sql`m.pet_id = ${only.petId}`);
  if (only.membershipId !== undefined) filters.push(sql`m.id = ${only.membershipId}`);
  const { rows } = await db.execute<MembershipRow>(sql`
    select m.id, m.pet_id, pt.name as pet_name, m.plan_id, hp.name as plan_name, m.practice_id,
      pr.name as practice_name, m.status, m.billing, m.price_pence, m.started_on::text as started_on,
      m.renews_on::text as renews_on, m.next_payment_on::text as next_payment_on,
      m.payment_failed_on::text as payment_failed_on, m.dd_mandate_status,
      (m.ended_at at time zone ${practiceTimeZone})::date::text as ended_on, m.end_reason, m.exit_fee_pence,
      coalesce((select json_agg(json_build_object('name', b.name, 'kind', b.kind,
          'allowancePerYear', b.allowance_per_year, 'discountPercent', b.discount_percent,
          'reasonId', b.reason_id, 'vaccination', b.vaccination, 'used', coalesce(u.used, 0))
          order by b.position, b.id)
        from health_plan_benefits b
        left join plan_membership_uses u on u.benefit_id = b.id and u.membership_id = m.id
        where b.plan_id = m.plan_id), '[]') as benefits,
      ${nextVaccination(today)} as next_vaccination
    from plan_memberships m
    join pets pt on pt.id = m.pet_id
    join health_plans hp on hp.id = m.plan_id
    join practices pr on pr.id = m.practice_id
    where ${sql.join(filters, sql` and `)}
    order by m.status in ('pending', 'active') desc, m.started_on desc, m.id desc`);
  return rows;
}

export type PetRow = {
  id: number;
  name: string;
  species_id: number;
  species_name: string;
  date_of_birth: string | null;
  status: string;
  practice_id: number;
};

/** The client's pet with what a plan's bands look at, and its practice (the client's home practice). */
export async function petOf(db: Executor, clientId: number, petId: number): Promise<PetRow | undefined> {
  const { rows } = await db.execute<PetRow>(sql`
    select pt.id, pt.name, pt.species_id, s.name as species_name, pt.date_of_birth::text as date_of_birth,
      pt.status::text as status, c.home_practice_id as practice_id
    from pets pt join clients c on c.id = pt.client_id join species s on s.id = pt.species_id
    where pt.id = ${petId} and pt.client_id = ${clientId}`);
  return rows[0];
}
