import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPounds, fromPriceText, priceChangeText } from './money.ts';
import { quotesToSay } from './visit-quotes.ts';

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

  it('writes a negative amount (a discount, a credit) with a minus before the pound sign', () => {
    expect(formatPounds(-500)).toBe('\u2212£5.00');
    expect(formatPounds(-5)).toBe('\u2212£0.05');
    expect(formatPounds(-123456)).toBe('\u2212£1,234.56');
  });

  it('writes en-GB’s Intl amount for a negative one, with a true minus for its hyphen', () => {
    fc.assert(
      fc.property(fc.integer({ min: -9_999_999, max: -1 }), (pence) => {
        expect(formatPounds(pence)).toBe(enGb.format(pence / 100).replace('-', '\u2212'));
      }),
    );
  });

  it('writes what en-GB’s Intl writes, for every amount the import takes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), (pence) => {
        expect(formatPounds(pence)).toBe(enGb.format(pence / 100));
      }),
    );
  });
});

describe('priceChangeText', () => {
  it('says nothing when a re-quote keeps the price', () => {
    expect(priceChangeText(5400, 5400)).toBeNull();
    expect(priceChangeText(null, null)).toBeNull();
  });

  it('says the new price and the one before', () => {
    expect(priceChangeText(5400, 5100)).toBe('The price is now From £54.00 (was From £51.00).');
    expect(priceChangeText(5400, null)).toBe('The price is now From £54.00 (none was published before).');
    expect(priceChangeText(null, 5100)).toBe('No price is published for the new time (it was From £51.00).');
  });
});

describe('quotesToSay', () => {
  const price = (amountPence: number, includes: string | null = null) => ({ amountPence, includes });
  it('says a visit’s quote once when every pet’s agrees, and each pet’s when one differs', () => {
    const cat = { petName: 'Tibbles', price: price(5100) };
    const dog = { petName: 'Rex', price: price(5100) };
    expect(quotesToSay([cat, dog])).toEqual({ perPet: false, said: [cat] });
    const bigDog = { petName: 'Rex', price: price(6200) };
    expect(quotesToSay([cat, bigDog])).toEqual({ perPet: true, said: [cat, bigDog] });
    const includesMore = { petName: 'Rex', price: price(5100, 'Nail clip') };
    expect(quotesToSay([cat, includesMore]).perPet).toBe(true);
  });

  it('says each pet’s when a move changed one pet’s quote and not the other’s', () => {
    const moved = { petName: 'Tibbles', price: price(5400), previousPrice: price(5100) };
    const same = { petName: 'Rex', price: price(5400), previousPrice: price(5400) };
    expect(quotesToSay([moved, same]).perPet).toBe(true);
    expect(quotesToSay([moved, { ...moved, petName: 'Rex' }]).perPet).toBe(false);
    expect(quotesToSay([])).toEqual({ perPet: false, said: [] });
  });
});
