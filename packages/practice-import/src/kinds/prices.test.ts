import { describe, expect, it } from 'vitest';
import { reasons } from './cells.ts';
import { amountInPence, priceReasons, prices } from './prices.ts';
import { accepted, refused } from './testing/kind-fixtures.ts';
import { validRows } from './testing/valid-rows.ts';

const valid = validRows['prices.csv'];

describe('prices.csv', () => {
  it('stages a reason’s price in whole pence, or a common service’s', () => {
    expect(accepted(prices, valid)).toEqual({
      price_ref: 'PR1',
      practice_ref: 'P1',
      reason_ref: 'R1',
      service: null,
      amount_pence: 4500,
      includes: 'The examination and advice',
      band: null,
      effective_from: '2026-01-01',
    });
    const service = { ...valid, reason_ref: '', service: 'Nail clipping', amount: '12.5', currency: 'gbp' };
    expect(accepted(prices, service)).toMatchObject({
      reason_ref: null,
      service: 'Nail clipping',
      amount_pence: 1250,
    });
    expect(accepted(prices, { ...valid, currency: '', amount: '0' })).toMatchObject({ amount_pence: 0 });
  });

  it('stages a band of the CMA’s list, whatever its case, and refuses another', () => {
    expect(accepted(prices, { ...valid, band: 'Dog_Large' })).toMatchObject({ band: 'dog_large' });
    expect(refused(prices, { ...valid, band: 'hamster' })).toEqual([
      { column: 'band', reason: priceReasons.band },
    ]);
  });

  it('reads pounds and pence as whole pence', () => {
    expect(amountInPence('45')).toBe(4500);
    expect(amountInPence('45.05')).toBe(4505);
    expect(amountInPence('99999.99')).toBe(9_999_999);
    expect(amountInPence('-0.01')).toBe('negative');
    expect(amountInPence('-0')).toBe(0);
    for (const text of ['£45', '1,200.00', '45.001', '45.', '100000', 'free'])
      expect(amountInPence(text)).toBe('invalid');
  });

  it('refuses a price without an effective date, or with a day that is not one', () => {
    expect(refused(prices, { ...valid, effective_from: '' })).toEqual([
      { column: 'effective_from', reason: reasons.required },
    ]);
    expect(refused(prices, { ...valid, effective_from: '2026-02-30' })).toEqual([
      { column: 'effective_from', reason: reasons.date },
    ]);
  });

  it('refuses a negative amount, and one that is not an amount', () => {
    expect(refused(prices, { ...valid, amount: '-45.00' })).toEqual([
      { column: 'amount', reason: priceReasons.negative },
    ]);
    expect(refused(prices, { ...valid, amount: '£45' })).toEqual([
      { column: 'amount', reason: priceReasons.amount },
    ]);
    expect(refused(prices, { ...valid, amount: '' })).toEqual([
      { column: 'amount', reason: reasons.required },
    ]);
  });

  it('refuses a currency other than GBP', () => {
    for (const currency of ['EUR', 'XYZ', '£'])
      expect(refused(prices, { ...valid, currency })).toEqual([
        { column: 'currency', reason: priceReasons.currency },
      ]);
  });

  it('refuses a row pricing both a reason and a service, or neither', () => {
    expect(refused(prices, { ...valid, service: 'Nail clipping' })).toEqual([
      { column: null, reason: priceReasons.subject },
    ]);
    expect(refused(prices, { ...valid, reason_ref: '' })).toEqual([
      { column: null, reason: priceReasons.subject },
    ]);
  });
});
