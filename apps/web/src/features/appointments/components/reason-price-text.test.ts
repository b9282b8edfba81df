import { describe, expect, it } from 'vitest';
import { reasonPriceText } from './booking-parts';

describe('reasonPriceText (decision 0104)', () => {
  it('says the from price in pounds, en-GB, with what it includes', () => {
    const price = { appointmentReasonId: 1, amountPence: 4500, includes: null };
    expect(reasonPriceText(price)).toBe('From £45.00');
    expect(reasonPriceText({ ...price, amountPence: 123450, includes: 'the examination' })).toBe(
      'From £1,234.50 · includes the examination',
    );
  });

  it('says to ask the practice when the reason has no price there', () => {
    expect(reasonPriceText(undefined)).toBe('Price: ask the practice');
  });
});
