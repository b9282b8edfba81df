import { describe, expect, it } from 'vitest';
import { reasonPriceText } from './booking-parts';

describe('reasonPriceText (decision 0104)', () => {
  it('says the from price in pounds, en-GB, with what it includes', () => {
    const price = { appointmentReasonId: 1, amountPence: 4500, includes: null };
    expect(reasonPriceText(price)).toBe('From £45.00');
    expect(reasonPriceText({ ...price, amountPence: 123450, includes: 'the examination' })).toBe(
      'From £1,234.50 · Includes: the examination',
    );
  });

  it('reads naturally whatever case the practice system’s text starts with', () => {
    const price = { appointmentReasonId: 1, amountPence: 5100 };
    // Never "includes A 15-minute …": the text stands on its own after a label, a name or an acronym intact.
    expect(reasonPriceText({ ...price, includes: 'A 15-minute examination and advice' })).toBe(
      'From £51.00 · Includes: A 15-minute examination and advice',
    );
    expect(reasonPriceText({ ...price, includes: 'NHS-style check and Harbour Vets’ health plan' })).toBe(
      'From £51.00 · Includes: NHS-style check and Harbour Vets’ health plan',
    );
    expect(reasonPriceText({ ...price, includes: 'A 15-minute examination' })).not.toMatch(/includes A/);
  });

  it('says the price is not yet published when the reason has no price there', () => {
    expect(reasonPriceText(undefined)).toBe('Price not yet published');
  });
});
