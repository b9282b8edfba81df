import { describe, expect, it } from 'vitest';
import { benefitUseText, planBandsText, planPriceText } from './plan-text';

const allowance = {
  name: 'Vaccinations',
  kind: 'allowance' as const,
  allowancePerYear: 2,
  discountPercent: null,
  reasonId: 5,
  vaccination: true,
};

describe('the plan pages’ words', () => {
  it('says used and left this plan year', () => {
    expect(benefitUseText({ ...allowance, used: 1, left: 1 })).toBe('1 used, 1 left');
    expect(benefitUseText({ ...allowance, used: 2, left: 0 })).toBe('All 2 used');
    expect(benefitUseText({ ...allowance, allowancePerYear: null, used: 0, left: null })).toBe('Included');
    expect(
      benefitUseText({
        ...allowance,
        kind: 'discount',
        allowancePerYear: null,
        discountPercent: 10,
        used: 0,
        left: null,
      }),
    ).toBe('10% off');
  });

  it('says the prices and the bands', () => {
    expect(planPriceText({ monthlyPence: 1_650, yearlyPence: null })).toBe('£16.50 a month');
    expect(planBandsText({ species: ['Cat'], minAgeMonths: 6, maxAgeMonths: null })).toBe(
      'Cat, from 6 months old',
    );
    expect(planBandsText({ species: [], minAgeMonths: 0, maxAgeMonths: 96 })).toBe(
      'Every species, under 8 years old',
    );
  });
});
