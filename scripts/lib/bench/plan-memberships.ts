import type pg from 'pg';

/**
 * bench:plans's data (issue 65): two plans a practice with five benefits each, and a membership for each
 * of `memberships` pets (pets added to the group data set's where it has fewer), set as a running
 * group's would be on the morning of a notice run:
 * - `renewing` of them renew in exactly 30 days, not yet told (today's renewal notices);
 * - the rest renew over the year; those within 30 days were told on earlier days (renewal_notice_for);
 * - `failed` collections failed yesterday, not yet told, and four times as many a month ago, told;
 * - `gone` pets on a plan have died since the last run;
 * - every plan year has used some of its allowances; every tenth member pays yearly.
 * All in set-based SQL.
 */
export interface PlanDataShape {
  memberships: number;
  renewing: number;
  failed: number;
  gone: number;
}

export async function seedPlanMemberships(pool: pg.Pool, shape: PlanDataShape): Promise<void> {
  const { rows } = await pool.query<{ pets: number; clients: number }>(
    'select (select count(*) from pets)::int as pets, (select count(*) from clients)::int as clients',
  );
  const missing = shape.memberships - rows[0]!.pets;
  if (missing > 0)
    await pool.query(
      `insert into pets (client_id, name, species_id, sex, date_of_birth)
       select 1 + (n - 1) % $2::int, 'Plan pet ' || n, (select id from species where code = 'Canine'), 'Male',
              current_date - (400 + n % 2000)
         from generate_series(1, $1::int) n`,
      [missing, rows[0]!.clients],
    );
  await pool.query(`
    insert into health_plans (pms_ref, practice_id, name, monthly_pence, yearly_pence, next_monthly_pence,
                              next_yearly_pence, next_price_from, early_exit_fee_pence)
    select 'bench-plan-' || p.id || '-' || k, p.id, (array['Healthy Pet Club', 'Senior Pet Club'])[k + 1],
           1300 + 300 * k, 14000 + 3000 * k, case k when 0 then 1450 end, case k when 0 then 15600 end,
           case k when 0 then current_date + 20 end, 3000
      from practices p, generate_series(0, 1) k;
    insert into health_plan_benefits (plan_id, position, name, kind, vaccination, allowance_per_year,
                                      discount_percent)
    select hp.id, b.position, b.name, b.kind::plan_benefit_kind, b.vaccination, b.allowance, b.discount
      from health_plans hp,
           (values (1, 'Annual vaccination', 'allowance', true, 1, null),
                   (2, 'Health check', 'allowance', false, 2, null),
                   (3, 'Flea and worm treatment', 'allowance', false, null, null),
                   (4, 'Nail clip', 'allowance', false, 4, null),
                   (5, 'Other treatment', 'discount', false, null, 10))
             as b(position, name, kind, vaccination, allowance, discount);`);
  await pool.query(
    `with numbered as (
       select pt.id as pet_id, pt.client_id, c.home_practice_id as practice_id,
              (row_number() over (order by pt.id) - 1)::int as n
         from pets pt join clients c on c.id = pt.client_id
        order by pt.id limit $1::int),
     placed as (
       select numbered.*,
              case when n < $2::int then 30 when (n * 7919) % 365 = 30 then 31 else (n * 7919) % 365 end as days
         from numbered)
     insert into plan_memberships (pms_ref, practice_id, plan_id, client_id, pet_id, status, billing,
                                   price_pence, started_on, renews_on, next_payment_on, renewal_notice_for,
                                   payment_failed_on, payment_failure_notice_for)
     select 'bench-membership-' || p.pet_id, p.practice_id, hp.id, p.client_id, p.pet_id,
            'active'::plan_membership_status,
            (case when p.n % 10 = 9 then 'yearly' else 'monthly' end)::plan_billing,
            case when p.n % 10 = 9 then hp.yearly_pence else hp.monthly_pence end,
            current_date + p.days - 365, current_date + p.days, current_date + (p.days % 28) + 1,
            case when p.n >= $2::int and p.days < 30 then current_date + p.days end,
            case when p.n >= $2::int and p.n < $2::int + $3::int then current_date - 1
                 when p.n >= $2::int + $3::int and p.n < $2::int + 5 * $3::int then current_date - 30 end,
            case when p.n >= $2::int + $3::int and p.n < $2::int + 5 * $3::int then current_date - 30 end
       from placed p
       join health_plans hp on hp.pms_ref = 'bench-plan-' || p.practice_id || '-' || (p.pet_id % 2)`,
    [shape.memberships, shape.renewing, shape.failed],
  );
  // The gone pets: members past the failed ones (so their counts stay as asked).
  await pool.query(
    `update pets set status = 'Deceased'
      where id in (select pet_id from plan_memberships order by pet_id offset $1::int limit $2::int)`,
    [shape.renewing + 5 * shape.failed, shape.gone],
  );
  await pool.query(`
    insert into plan_membership_uses (membership_id, benefit_id, used)
    select m.id, b.id, 1 + m.id % b.allowance_per_year
      from plan_memberships m join health_plan_benefits b on b.plan_id = m.plan_id
     where b.allowance_per_year is not null and m.id % 3 <> 0`);
  await pool.query(
    'vacuum analyze health_plans, health_plan_benefits, plan_memberships, plan_membership_uses, pets',
  );
}
