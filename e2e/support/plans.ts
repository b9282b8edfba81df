import { randomBytes } from 'node:crypto';
import { addDays } from '@vet/contracts/plan-rules';
import { practiceDate } from '@vet/contracts/practice-clock';
import { connectDatabase } from '@vet/db/connection';
import type { DemoAccount } from '@vet/db/seed/demo-accounts';

export interface PlanScene {
  /** The plan's name, unique to the run ("Healthy Pet Club 3f2a1c"). */
  planName: string;
  planId: number;
  practiceId: number;
  /** The pet on the plan since 100 days ago: past its cooling-off, within its 12-month minimum term. */
  member: { petId: number; name: string; membershipId: number };
  /** The pet without a plan, who joins it. */
  joiner: { petId: number; name: string };
  vaccinationReasonId: number;
}

/**
 * A health plan at the account's home practice, as the practice system would send it, written straight
 * into the e2e database (the way in from the practice system is helper A's import and API): every
 * species, £16.50 a month or £180.00 a year, 12 months' minimum term, a £30.00 early-exit fee; two
 * vaccinations a year (the demo's Vaccination reason, one used), health checks as needed, 10% off the
 * rest. `memberName` has been on it for 100 days, with a vaccination due in 25 days.
 */
export async function seedPlanScene(
  account: DemoAccount,
  memberName: string,
  joinerName: string,
  /** The portal's database: the e2e run's (`inject('e2eDatabaseUrl')`). */
  databaseUrl: string,
): Promise<PlanScene> {
  const tag = randomBytes(3).toString('hex');
  const today = practiceDate(new Date());
  const { pool, close } = connectDatabase(databaseUrl, { max: 1 });
  try {
    const petOf = async (name: string) => {
      const { rows } = await pool.query<{ id: number; client_id: number; practice_id: number }>(
        `select p.id, p.client_id, c.home_practice_id as practice_id from pets p
           join clients c on c.id = p.client_id
          where c.identity_subject = $1 and p.name = $2`,
        [account.id, name],
      );
      if (rows.length !== 1) throw new Error(`expected one pet ${name} of ${account.email}`);
      return rows[0]!;
    };
    const member = await petOf(memberName);
    const joiner = await petOf(joinerName);
    const { rows: reasons } = await pool.query<{ id: number }>(
      "select id from appointment_reasons where name = 'Vaccination'",
    );
    const vaccinationReasonId = reasons[0]!.id;
    const planName = `Healthy Pet Club ${tag}`;
    const { rows: plans } = await pool.query<{ id: number }>(
      `insert into health_plans (pms_ref, practice_id, name, description, monthly_pence, yearly_pence,
         minimum_term_months, cooling_off_days, early_exit_fee_pence, exit_terms, renewal_terms)
       values ($1, $2, $3, 'Routine care for a monthly Direct Debit.', 1650, 18000, 12, 14, 3000,
         'Leave free of charge after the first 12 months.', null) returning id`,
      [`PLAN-E2E-${tag}`, member.practice_id, planName],
    );
    const planId = plans[0]!.id;
    const { rows: benefits } = await pool.query<{ id: number; name: string }>(
      `insert into health_plan_benefits (plan_id, position, name, kind, reason_id, vaccination,
         allowance_per_year, discount_percent)
       values ($1, 0, 'Vaccinations', 'allowance', $2, true, 2, null),
              ($1, 1, 'Health checks', 'allowance', null, false, null, null),
              ($1, 2, 'Everything else', 'discount', null, false, null, 10)
       returning id, name`,
      [planId, vaccinationReasonId],
    );
    const { rows: memberships } = await pool.query<{ id: number }>(
      `insert into plan_memberships (pms_ref, practice_id, plan_id, client_id, pet_id, status, billing,
         price_pence, started_on, renews_on, next_payment_on, dd_mandate_status)
       values ($1, $2, $3, $4, $5, 'active', 'monthly', 1650, $6, $7, $8, 'active') returning id`,
      [
        `MEM-E2E-${tag}`,
        member.practice_id,
        planId,
        member.client_id,
        member.id,
        addDays(today, -100),
        addDays(today, 265),
        addDays(today, 10),
      ],
    );
    const membershipId = memberships[0]!.id;
    const vaccines = benefits.find((benefit) => benefit.name === 'Vaccinations')!;
    await pool.query(
      'insert into plan_membership_uses (membership_id, benefit_id, used) values ($1, $2, 1)',
      [membershipId, vaccines.id],
    );
    await pool.query(
      'insert into vaccinations (pms_ref, pet_id, vaccine, given_on, due_on) values ($1, $2, $3, $4, $5)',
      [`VAC-E2E-${tag}`, member.id, `Booster ${tag}`, addDays(today, -340), addDays(today, 25)],
    );
    return {
      planName,
      planId,
      practiceId: member.practice_id,
      member: { petId: member.id, name: memberName, membershipId },
      joiner: { petId: joiner.id, name: joinerName },
      vaccinationReasonId,
    };
  } finally {
    await close();
  }
}
