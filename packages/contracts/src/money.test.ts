import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPounds, fromPriceText } from './money.ts';

const enGb = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

describe('formatPounds', () => {
  it('writes pence as en-GB pounds', () => {
    expect(formatPounds(0)).toBe('£0.00');
    expect(formatPounds(5)).toBe('£0.05');
    expect(formatPounds(4500)).toBe('£45.00');
    expect(formatPounds(120000)).toBe('£1,200.00');
    expect(formatPounds(9_999_999)).toBe('£99,999.99');
    expect(fromPriceText(1250)).toBe('From £12.50');
  });

  it('writes what en-GB’s Intl writes, for every amount the import takes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), (pence) => {
        expect(formatPounds(pence)).toBe(enGb.format(pence / 100));
      }),
    );
  });
});
