import type { HealthPlan, PlanBenefit } from '@vet/contracts/plans';
import type { Executor } from '@vet/db/connection';
import { sql, type SQL } from 'drizzle-orm';

type PlanRow = {
  id: number;
  practice_id: number;
  name: string;
  description: string | null;
  species: string[];
  species_ids: number[];
  min_age_months: number;
  max_age_months: number | null;
  monthly_pence: number;
  yearly_pence: number | null;
  next_monthly_pence: number | null;
  next_yearly_pence: number | null;
  next_price_from: string | null;
  minimum_term_months: number;
  cooling_off_days: number;
  early_exit_fee_pence: number;
  exit_terms: string | null;
  renewal_terms: string | null;
  benefits: PlanBenefit[];
};

/**
 * A plan's columns with its species' names and its benefits in the practice's order, in one row: the
 * catalogue and a pet's choices read plans in one query each.
 */
const planColumns = sql`hp.id, hp.practice_id, hp.name, hp.description,
  coalesce((select array_agg(s.name order by s.sort_order, s.name) from species s
             where s.id = any(hp.species_ids)), '{}') as species,
  hp.species_ids, hp.min_age_months, hp.max_age_months, hp.monthly_pence, hp.yearly_pence,
  hp.next_monthly_pence, hp.next_yearly_pence, hp.next_price_from::text as next_price_from,
  hp.minimum_term_months, hp.cooling_off_days, hp.early_exit_fee_pence, hp.exit_terms, hp.renewal_terms,
  coalesce((select json_agg(json_build_object('name', b.name, 'kind', b.kind,
      'allowancePerYear', b.allowance_per_year, 'discountPercent', b.discount_percent,
      'reasonId', b.reason_id, 'vaccination', b.vaccination) order by b.position, b.id)
    from health_plan_benefits b where b.plan_id = hp.id), '[]') as benefits`;

export function planOfRow(row: PlanRow): HealthPlan {
  return {
    id: row.id,
    practiceId: row.practice_id,
    name: row.name,
    description: row.description,
    species: row.species,
    speciesIds: row.species_ids,
    minAgeMonths: row.min_age_months,
    maxAgeMonths: row.max_age_months,
    monthlyPence: row.monthly_pence,
    yearlyPence: row.yearly_pence,
    nextPrice:
      row.next_price_from === null || row.next_monthly_pence === null
        ? null
        : {
            monthlyPence: row.next_monthly_pence,
            yearlyPence: row.next_yearly_pence,
            from: row.next_price_from,
          },
    minimumTermMonths: row.minimum_term_months,
    coolingOffDays: row.cooling_off_days,
    earlyExitFeePence: row.early_exit_fee_pence,
    exitTerms: row.exit_terms,
    renewalTerms: row.renewal_terms,
    benefits: row.benefits,
  };
}

async function plansWhere(db: Executor, where: SQL): Promise<HealthPlan[]> {
  const { rows } = await db.execute<PlanRow>(sql`
    select ${planColumns} from health_plans hp where ${where}
    order by hp.monthly_pence, hp.name, hp.id`);
  return rows.map(planOfRow);
}

/** The plans a practice offers online (a closed plan keeps its members but takes no one new), cheapest first. */
export function plansOfferedOnline(db: Executor, practiceId: number): Promise<HealthPlan[]> {
  return plansWhere(db, sql`hp.practice_id = ${practiceId} and hp.offered_online`);
}

/** The practice's name, or undefined for one that does not exist. */
export async function practiceName(db: Executor, practiceId: number): Promise<string | undefined> {
  const { rows } = await db.execute<{ name: string }>(
    sql`select name from practices where id = ${practiceId}`,
  );
  return rows[0]?.name;
}
