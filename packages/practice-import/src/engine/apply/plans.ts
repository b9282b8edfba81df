import type { Session } from '../session.ts';
import { refreshFingerprints, upsertSql, type Upsert, type UpsertColumn } from './upsert.ts';

/**
 * Health plans and memberships (issue 65, decision 0161), written with their row triggers on: the
 * integration API's versions (migration 0065's triggers) must see every change, and removing a benefit
 * cascades to the uses counted of it. Only the practice system's columns: a membership's Direct Debit,
 * notices and the fee an owner agreed to are the portal's.
 */

async function writeCount(session: Session, sql: string): Promise<number> {
  const [row] = await session.query<{ n: number }>(
    `with written as (${sql}) select count(*)::int as n from written`,
  );
  return row?.n ?? 0;
}

const plain = (name: string, cast = '') => ({ name, value: `s.${name}${cast}` });

export const applyHealthPlans = (session: Session) =>
  writeCount(
    session,
    upsertSql({
      table: 'health_plans',
      from: 'stage_health_plans s join practices p on p.pms_ref = s.practice_ref',
      ref: 'plan_ref',
      columns: [
        { name: 'practice_id', value: 'p.id' },
        plain('name'),
        plain('description'),
        plain('species_ids'),
        plain('min_age_months'),
        plain('max_age_months'),
        plain('monthly_pence'),
        plain('yearly_pence'),
        plain('next_monthly_pence'),
        plain('next_yearly_pence'),
        plain('next_price_from'),
        plain('minimum_term_months'),
        plain('cooling_off_days'),
        plain('early_exit_fee_pence'),
        plain('exit_terms'),
        plain('renewal_terms'),
        plain('offered_online'),
      ],
      onUpdate: [{ name: 'updated_at', value: 'now()' }],
      returning: '1',
    }),
  );

/**
 * A plan's benefits in the file replace its stored ones, matched by name so that the uses counted of a
 * benefit that stays are kept; a plan whose benefits are the same is left alone. Counts the rows written.
 */
export async function applyHealthPlanBenefits(session: Session): Promise<number> {
  const row = (a: string, reason: string) =>
    `jsonb_build_array(${a}.name, ${a}.kind::text, ${reason}, ${a}.vaccination, ${a}.allowance_per_year, ${a}.discount_percent)`;
  await session.query(`create temporary table staged_plan_benefits on commit drop as
    select h.id as plan_id, (row_number() over (partition by h.id order by s.line))::smallint as position,
           s.name, s.kind, r.id as reason_id, s.vaccination, s.allowance_per_year, s.discount_percent
      from stage_health_plan_benefits s join health_plans h on h.pms_ref = s.plan_ref
      left join appointment_reasons r on r.pms_ref = s.reason_ref
     where not s.refused`);
  await session.query(`create temporary table changed_plan_benefits on commit drop as
    with staged as (select plan_id, jsonb_agg(${row('s', 's.reason_id')} order by s.position) as rows
                      from staged_plan_benefits s group by 1),
         stored as (select plan_id, jsonb_agg(${row('b', 'b.reason_id')} order by b.position) as rows
                      from health_plan_benefits b where b.plan_id in (select plan_id from staged) group by 1)
    select staged.plan_id from staged left join stored using (plan_id) where stored.rows is distinct from staged.rows`);
  await session.query(`delete from health_plan_benefits b using changed_plan_benefits c
    where b.plan_id = c.plan_id
      and not exists (select 1 from staged_plan_benefits s where s.plan_id = b.plan_id and s.name = b.name)`);
  // Positions move in two steps, out of the way of the unique (plan, name) and into their place.
  return writeCount(
    session,
    `insert into health_plan_benefits as t (plan_id, position, name, kind, reason_id, vaccination, allowance_per_year, discount_percent)
     select s.plan_id, s.position, s.name, s.kind::plan_benefit_kind, s.reason_id, s.vaccination, s.allowance_per_year, s.discount_percent
       from staged_plan_benefits s join changed_plan_benefits c using (plan_id)
     on conflict (plan_id, name) do update
        set position = excluded.position, kind = excluded.kind, reason_id = excluded.reason_id,
            vaccination = excluded.vaccination, allowance_per_year = excluded.allowance_per_year,
            discount_percent = excluded.discount_percent
     returning 1`,
  );
}

/** A day the file gives as a membership's end: its start in the practices' clock. */
const endedAt = `case when s.ended_on is null then null else (s.ended_on::timestamp at time zone 'Europe/London') end`;
/** Who ended it and why, as the practice system says it; a reason the portal recorded (the owner's) stays. */
const keptOnceEnded = (stored: string, incoming: string) =>
  `case when ${incoming} is null then null else coalesce(${stored}, ${incoming}) end`;

const membershipColumns: readonly UpsertColumn[] = [
  { name: 'practice_id', value: 'h.practice_id' },
  { name: 'plan_id', value: 'h.id' },
  { name: 'client_id', value: 'pe.client_id' },
  { name: 'pet_id', value: 'pe.id' },
  { name: 'status', value: 's.status::plan_membership_status' },
  { name: 'billing', value: 's.billing::plan_billing' },
  plain('price_pence'),
  plain('started_on'),
  plain('renews_on'),
  plain('next_payment_on'),
  plain('payment_failed_on'),
  { name: 'ended_at', value: endedAt, merge: keptOnceEnded },
  {
    name: 'ended_by',
    value: `case when s.ended_on is not null then 'practice'::plan_membership_canceller end`,
    merge: keptOnceEnded,
  },
  {
    name: 'end_reason',
    value: `case when s.ended_on is not null then 'practice'::plan_membership_end_reason end`,
    merge: keptOnceEnded,
  },
];

const membershipUpsert: Omit<Upsert, 'returning'> = {
  table: 'plan_memberships',
  from: `stage_plan_memberships s join health_plans h on h.pms_ref = s.plan_ref join pets pe on pe.pms_ref = s.pet_ref`,
  ref: 'membership_ref',
  columns: membershipColumns,
  onUpdate: [{ name: 'updated_at', value: 'now()' }],
  fingerprinted: true,
};

/**
 * Memberships, by their reference. A live membership joined online and not yet acknowledged (no
 * reference) of the same pet and plan is the practice system's record of it: it is adopted (gets the
 * reference), keeping its Direct Debit, rather than doubled.
 */
export async function applyPlanMemberships(session: Session): Promise<number> {
  const adopted = await session.query<{
    ref: string;
  }>(`update plan_memberships m set pms_ref = s.membership_ref
      from stage_plan_memberships s join health_plans h on h.pms_ref = s.plan_ref join pets pe on pe.pms_ref = s.pet_ref
     where not s.refused and not s.unchanged and s.status = 'active'
       and m.pms_ref is null and m.pet_id = pe.id and m.plan_id = h.id and m.status in ('pending', 'active')
       and not exists (select 1 from plan_memberships o where o.pms_ref = s.membership_ref)
    returning m.pms_ref as ref`);
  await refreshFingerprints(session, membershipUpsert);
  const written = await session.query<{ ref: string }>(
    upsertSql({ ...membershipUpsert, returning: 'pms_ref as ref' }),
  );
  return new Set([...adopted, ...written].map((r) => r.ref)).size;
}

/** A membership's uses in the file replace its stored ones whole when they differ. */
export async function applyPlanMembershipUses(session: Session): Promise<number> {
  await session.query(`create temporary table staged_membership_uses on commit drop as
    select m.id as membership_id, b.id as benefit_id, s.used
      from stage_plan_membership_uses s join plan_memberships m on m.pms_ref = s.membership_ref
      join health_plan_benefits b on b.plan_id = m.plan_id and b.name = s.benefit
     where not s.refused`);
  await session.query(`create temporary table changed_membership_uses on commit drop as
    with staged as (select membership_id, jsonb_agg(jsonb_build_array(benefit_id, used) order by benefit_id) as uses
                      from staged_membership_uses group by 1),
         stored as (select membership_id, jsonb_agg(jsonb_build_array(benefit_id, used) order by benefit_id) as uses
                      from plan_membership_uses where membership_id in (select membership_id from staged) group by 1)
    select staged.membership_id from staged left join stored using (membership_id)
     where stored.uses is distinct from staged.uses`);
  await session.query(`delete from plan_membership_uses
    where membership_id in (select membership_id from changed_membership_uses)`);
  return writeCount(
    session,
    `insert into plan_membership_uses (membership_id, benefit_id, used)
     select s.membership_id, s.benefit_id, s.used
       from staged_membership_uses s join changed_membership_uses using (membership_id)
     returning 1`,
  );
}
