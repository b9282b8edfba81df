import { describe, expect, it } from 'vitest';
import type { ParseContext } from '@vet/practice-import/kinds/kind';
import { prices as pricesKind } from '@vet/practice-import/kinds/prices';
import { grossFromNet, grossPence, mapPrices, priceMapSchema, type VendorPrice } from './price-map.ts';

const map = priceMapSchema.parse([
  { item: '12', reason_ref: 'R-CONSULT', band: 'cat', includes: 'a 15-minute consultation' },
  { item: '13', reason_ref: 'R-CONSULT', band: 'dog_large' },
  { item: '14', service: 'Microchipping' },
]);
const options = { prefix: 'ezyvet-product', practiceRef: 'PRAC-0001', readDay: '2026-12-07' };
const price = (over: Partial<VendorPrice>): VendorPrice => ({
  item: '12',
  active: true,
  gross: 5400,
  effectiveFrom: null,
  ...over,
});

describe('mapPrices', () => {
  it('gives each mapped product its band, VAT-inclusive amount and the day read, as prices.csv takes it', () => {
    const { records, deleted, refused } = mapPrices(
      [price({}), price({ item: '14', gross: 1999 }), price({ item: '99' })],
      map,
      options,
    );
    expect(deleted).toEqual([]);
    expect(refused).toEqual([]);
    expect(records).toEqual([
      {
        ref: 'ezyvet-product-12-cat',
        body: {
          price_ref: 'ezyvet-product-12-cat',
          practice_ref: 'PRAC-0001',
          reason_ref: 'R-CONSULT',
          amount: '54.00',
          currency: 'GBP',
          includes: 'a 15-minute consultation',
          band: 'cat',
          effective_from: '2026-12-07',
        },
      },
      {
        ref: 'ezyvet-product-14',
        body: {
          price_ref: 'ezyvet-product-14',
          practice_ref: 'PRAC-0001',
          service: 'Microchipping',
          amount: '19.99',
          currency: 'GBP',
          effective_from: '2026-12-07',
        },
      },
    ]);
    // The import's own parser takes every body as a valid prices.csv row.
    for (const record of records) {
      const row = Object.fromEntries(Object.entries(record.body).map(([k, v]) => [k, String(v)]));
      // prices.csv matches no list: its parse reads no lookups.
      expect(pricesKind.parse(row, { today: '2026-12-07' } as ParseContext)).toMatchObject({ ok: true });
    }
  });

  it('keeps the system’s own date where it gives one', () => {
    const { records } = mapPrices([price({ effectiveFrom: '2027-01-01' })], map, options);
    expect(records[0]?.body.effective_from).toBe('2027-01-01');
  });

  it('deletes every band of a deactivated product and refuses one whose amount is unreadable', () => {
    const both = priceMapSchema.parse([
      { item: '12', reason_ref: 'R', band: 'dog_small' },
      { item: '12', reason_ref: 'R', band: 'dog_medium' },
    ]);
    expect(mapPrices([price({ active: false })], both, options).deleted).toEqual([
      'ezyvet-product-12-dog_small',
      'ezyvet-product-12-dog_medium',
    ]);
    const reason = { path: 'price_with_vat', message: 'not an amount in pounds of 0 or more' };
    const { records, refused } = mapPrices([price({ item: '13', gross: reason })], map, options);
    expect(records).toEqual([]);
    expect(refused).toEqual([{ ref: 'ezyvet-product-13-dog_large', reasons: [reason] }]);
  });
});

describe('the map an operator writes', () => {
  it('refuses a band the price list does not have, both subjects, and a product and band twice', () => {
    expect(priceMapSchema.safeParse([{ item: '1', reason_ref: 'R', band: 'horse' }]).success).toBe(false);
    expect(priceMapSchema.safeParse([{ item: '1', reason_ref: 'R', service: 'S' }]).success).toBe(false);
    expect(priceMapSchema.safeParse([{ item: '1' }]).success).toBe(false);
    const twice = [
      { item: '1', reason_ref: 'R', band: 'cat' },
      { item: '1', service: 'S', band: 'cat' },
    ];
    expect(priceMapSchema.safeParse(twice).success).toBe(false);
  });
});

describe('VAT-inclusive pence', () => {
  it('reads a VAT-inclusive amount exactly, half a penny up', () => {
    expect(grossPence(54, 'p')).toBe(5400);
    expect(grossPence('45.5', 'p')).toBe(4550);
    expect(grossPence(1.005, 'p')).toBe(101); // 1.005 is not exact in binary; read from its text
    expect(grossPence('1.004', 'p')).toBe(100);
  });

  it('refuses a negative, a non-number and an amount above the largest price', () => {
    expect(grossPence(-1, 'price_with_vat')).toEqual({
      path: 'price_with_vat',
      message: 'not an amount in pounds of 0 or more',
    });
    expect(grossPence('£4', 'p')).toMatchObject({ path: 'p' });
    expect(grossPence(null, 'p')).toMatchObject({ path: 'p' });
    expect(grossPence('100000.00', 'p')).toEqual({ path: 'p', message: 'above the largest price, 99999.99' });
  });

  it('computes net plus VAT once, rounded to the nearest penny', () => {
    const paths = { net: 'price', rate: 'tax_rate' };
    expect(grossFromNet('45.00', '20', paths)).toBe(5400);
    expect(grossFromNet('42.49', 20, paths)).toBe(5099); // 50.988
    expect(grossFromNet('0.0417', '20', paths)).toBe(5); // 0.05004
    expect(grossFromNet('0.0125', '20', paths)).toBe(2); // 0.015: half a penny up
    expect(grossFromNet('10', '0', paths)).toBe(1000);
    expect(grossFromNet('10', '120', paths)).toEqual({
      path: 'tax_rate',
      message: 'not a VAT rate from 0 to 100 percent',
    });
    expect(grossFromNet('x', '20', paths)).toMatchObject({ path: 'price' });
  });
});
