import { describe, expect, it } from 'vitest';
import { quotedPriceText } from './quoted-price';

const price = { amountPence: 5_400, includes: null };

/** Issue 65, decision 0164: a reason the pet's plan covers says so instead of its price. */
describe('quotedPriceText with a health plan', () => {
  it('says "Covered by your plan" and no price when the plan covers the reason', () => {
    expect(quotedPriceText([{ petName: 'Rex', price, covered: true }])).toBe('Covered by your plan');
    expect(quotedPriceText([{ petName: 'Rex', price, covered: false }])).toBe('Price: From £54.00');
  });

  it('says each pet’s of a visit where only some are covered', () => {
    expect(
      quotedPriceText([
        { petName: 'Rex', price, covered: true },
        { petName: 'Bella', price, covered: false },
      ]),
    ).toBe('Price: Rex covered by your plan · Bella From £54.00');
  });
});
