import { randomUUID } from 'node:crypto';
import type { Database } from '../connection.ts';
import { healthPlans, planMemberships } from '../schema/plans.ts';

/**
 * Health plan test data (issue 65): a practice's plan and a pet's membership, as the practice system
 * would send them. Each returns the inserted row and takes overrides; references are unique per call.
 */
const unique = () => randomUUID().slice(0, 8);

type PlanValues = Partial<typeof healthPlans.$inferInsert> & { practiceId: number };

export async function createHealthPlan(db: Database, values: PlanValues) {
  const [plan] = await db
    .insert(healthPlans)
    .values({ pmsRef: `PLAN-${unique()}`, name: 'Healthy Pet Club', monthlyPence: 1_300, ...values })
    .returning();
  if (!plan) throw new Error('plan not inserted');
  return plan;
}

type MembershipValues = Partial<typeof planMemberships.$inferInsert> & {
  practiceId: number;
  planId: number;
  clientId: number;
  petId: number;
};

/** An active monthly membership started a year before it renews (2026-01-01 to 2027-01-01 by default). */
export async function createPlanMembership(db: Database, values: MembershipValues) {
  const [membership] = await db
    .insert(planMemberships)
    .values({
      pmsRef: `MEM-${unique()}`,
      status: 'active',
      pricePence: 1_300,
      startedOn: '2026-01-01',
      renewsOn: '2027-01-01',
      ...values,
    })
    .returning();
  if (!membership) throw new Error('membership not inserted');
  return membership;
}
