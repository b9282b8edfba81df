import { practicePlansSchema } from '@vet/contracts/plans';
import { healthPlans } from '@vet/db/schema/plans';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { planScene } from '../testing/plan-fixtures.ts';

/** Issue 65, part 2: a practice's plans beside its price list, for anyone. */
const database = useTestDatabase();
const { context, signedInClient } = useSignedInTestApp(database);
const { db } = database;

describe('GET /practices/:practiceId/plans', () => {
  it('lists the plans offered online, cheapest first, with prices, terms, species and benefits, to anyone', async () => {
    const scene = await planScene(db, signedInClient);
    await db
      .update(healthPlans)
      .set({ nextMonthlyPence: 1_750, nextYearlyPence: 19_000, nextPriceFrom: '2027-04-01' })
      .where(eq(healthPlans.id, scene.dogPlan.plan.id));
    const response = await context.app.inject({
      method: 'GET',
      url: `/practices/${scene.practice.id}/plans`,
    });
    expect(response.statusCode).toBe(200);
    const body = practicePlansSchema.parse(response.json());
    expect(body.practiceName).toBe('Harbour Vets Clapham');
    expect(body.plans.map((plan) => plan.name)).toEqual(['Happy Cat Club', 'Healthy Dog Club']);
    expect(body.plans[1]).toMatchObject({
      species: [scene.dog.name],
      speciesIds: [scene.dog.id],
      monthlyPence: 1_650,
      yearlyPence: 18_000,
      nextPrice: { monthlyPence: 1_750, yearlyPence: 19_000, from: '2027-04-01' },
      minimumTermMonths: 12,
      coolingOffDays: 14,
      earlyExitFeePence: 3_000,
      exitTerms: 'Leave any time after 12 months.',
    });
    expect(body.plans[1]!.benefits).toEqual([
      {
        name: 'Vaccinations',
        kind: 'allowance',
        allowancePerYear: 2,
        discountPercent: null,
        reasonId: scene.vaccinationReason.id,
        vaccination: true,
      },
      expect.objectContaining({ name: 'Check-ups', allowancePerYear: null }),
      expect.objectContaining({ name: 'Everything else', kind: 'discount', discountPercent: 10 }),
    ]);
  });

  it('leaves out a plan closed to new members, and answers 404 for a practice that does not exist', async () => {
    const scene = await planScene(db, signedInClient);
    await db
      .update(healthPlans)
      .set({ offeredOnline: false })
      .where(eq(healthPlans.id, scene.catPlan.plan.id));
    const body = practicePlansSchema.parse(
      (await context.app.inject({ method: 'GET', url: `/practices/${scene.practice.id}/plans` })).json(),
    );
    expect(body.plans.map((plan) => plan.name)).toEqual(['Healthy Dog Club']);
    const missing = await context.app.inject({ method: 'GET', url: '/practices/2000000000/plans' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'We could not find this practice.' });
  });
});
