import { randomUUID } from 'node:crypto';
import type { Database } from '../connection.ts';
import { healthPlanBenefits, healthPlans, planMembershipUses, planMemberships } from '../schema/plans.ts';

type PlanValues = Partial<typeof healthPlans.$inferInsert> & { practiceId: number };
type BenefitValues = Omit<typeof healthPlanBenefits.$inferInsert, 'planId' | 'position' | 'id'>;

/** A health plan with its benefits in order, as the practice system would send it (issue 65). */
export async function createHealthPlan(
  db: Database,
  values: PlanValues,
  benefits: readonly BenefitValues[] = [],
) {
  const [plan] = await db
    .insert(healthPlans)
    .values({
      pmsRef: `PLAN-${randomUUID().slice(0, 8)}`,
      name: `Pet Health Club ${randomUUID().slice(0, 8)}`,
      monthlyPence: 1_499,
      ...values,
    })
    .returning();
  if (!plan) throw new Error('plan not inserted');
  const rows =
    benefits.length === 0
      ? []
      : await db
          .insert(healthPlanBenefits)
          .values(benefits.map((benefit, position) => ({ ...benefit, planId: plan.id, position })))
          .returning();
  return { plan, benefits: rows };
}

type MembershipValues = Partial<typeof planMemberships.$inferInsert> & {
  practiceId: number;
  planId: number;
  clientId: number;
  petId: number;
};

/**
 * A pet's membership (active, monthly, started 2026-06-01 by default) and this plan year's uses, by
 * benefit id.
 */
export async function createPlanMembership(
  db: Database,
  values: MembershipValues,
  uses: Readonly<Record<number, number>> = {},
) {
  const [membership] = await db
    .insert(planMemberships)
    .values({
      pmsRef: `MEM-${randomUUID().slice(0, 8)}`,
      status: 'active',
      pricePence: 1_499,
      startedOn: '2026-06-01',
      renewsOn: '2027-06-01',
      ...values,
    })
    .returning();
  if (!membership) throw new Error('membership not inserted');
  const useRows = Object.entries(uses).map(([benefitId, used]) => ({
    membershipId: membership.id,
    benefitId: Number(benefitId),
    used,
  }));
  if (useRows.length > 0) await db.insert(planMembershipUses).values(useRows);
  return membership;
}
