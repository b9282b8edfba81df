import { describe, expect, it } from 'vitest';
import { reasons } from './cells.ts';
import { healthPlanBenefits, healthPlans, planReasons } from './health-plans.ts';
import { membershipReasons, planMemberships } from './plan-memberships.ts';
import { accepted, refused } from './testing/kind-fixtures.ts';
import { validRows } from './testing/valid-rows.ts';

const plan = validRows['health_plans.csv'];
const benefit = validRows['health_plan_benefits.csv'];
const membership = validRows['plan_memberships.csv'];

describe('health_plans.csv', () => {
  it('stages prices in pence, species as ids, and the defaults of empty terms', () => {
    expect(accepted(healthPlans, plan)).toMatchObject({
      monthly_pence: 1450,
      yearly_pence: 15950,
      next_monthly_pence: 1500,
      next_yearly_pence: 16500,
      early_exit_fee_pence: 2500,
      min_age_months: 2,
      max_age_months: null,
      offered_online: true,
    });
    expect((accepted(healthPlans, plan) as { species_ids: number[] }).species_ids).toHaveLength(1);
    const bare = { ...plan, species: '', next_monthly_price: '', next_yearly_price: '', next_price_from: '' };
    expect(
      accepted(healthPlans, { ...bare, minimum_term_months: '', cooling_off_days: '', early_exit_fee: '' }),
    ).toMatchObject({
      species_ids: [],
      minimum_term_months: 12,
      cooling_off_days: 14,
      early_exit_fee_pence: 0,
    });
  });

  it('refuses a cooling-off under 14 days, a lone next price, an age band upside down and a price over £10,000', () => {
    expect(refused(healthPlans, { ...plan, cooling_off_days: '13' })).toEqual([
      { column: 'cooling_off_days', reason: planReasons.coolingOff },
    ]);
    expect(refused(healthPlans, { ...plan, next_price_from: '', next_yearly_price: '' })).toEqual([
      { column: null, reason: planReasons.nextPrice },
    ]);
    expect(refused(healthPlans, { ...plan, min_age_months: '24', max_age_months: '12' })).toEqual([
      { column: null, reason: 'max_age_months is not above min_age_months' },
    ]);
    expect(refused(healthPlans, { ...plan, monthly_price: '10000.01' })).toEqual([
      { column: 'monthly_price', reason: planReasons.amount },
    ]);
  });
});

describe('health_plan_benefits.csv', () => {
  it('stages an allowance, and a discount with its percentage only', () => {
    expect(accepted(healthPlanBenefits, benefit)).toMatchObject({ kind: 'allowance', allowance_per_year: 1 });
    const discount = {
      ...benefit,
      kind: 'discount',
      reason_ref: '',
      vaccination: '',
      allowance_per_year: '',
    };
    expect(accepted(healthPlanBenefits, { ...discount, discount_percent: '10' })).toMatchObject({
      kind: 'discount',
      discount_percent: 10,
    });
    expect(
      refused(healthPlanBenefits, { ...discount, allowance_per_year: '2', discount_percent: '10' }),
    ).toEqual([{ column: null, reason: planReasons.discount }]);
  });
});

describe('plan_memberships.csv', () => {
  it('refuses pending, an end without its day, and a renewal before the start', () => {
    expect(accepted(planMemberships, membership)).toMatchObject({ status: 'active', price_pence: 1450 });
    expect(refused(planMemberships, { ...membership, status: 'pending' })).toEqual([
      { column: 'status', reason: membershipReasons.pending },
    ]);
    expect(refused(planMemberships, { ...membership, status: 'cancelled' })).toEqual([
      { column: 'ended_on', reason: membershipReasons.endedOn },
    ]);
    expect(refused(planMemberships, { ...membership, renews_on: membership.started_on! })).toEqual([
      { column: null, reason: reasons.notAfter('renews_on', 'started_on') },
    ]);
  });
});
