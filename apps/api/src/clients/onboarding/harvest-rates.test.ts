import { describe, expect, it } from 'vitest';
import { codeGuessRates, enumerationRates } from './testing/harvest-rates.ts';

/**
 * The figures docs/security/enumeration-and-codes.md states, computed from the limits and budgets as
 * implemented: a change to any of them changes a figure here, and the document with it.
 */
const attacker = { addresses: 100, records: 40_000 };

describe('what an attacker with 100 addresses harvests (decision 0056)', () => {
  it('learns about 144,000 register entries a day before, none anonymously after, 2,880 signed in', () => {
    expect(enumerationRates(attacker, 120)).toEqual({
      before: { perHour: 6_000, perDay: 144_000 },
      after: {
        anonymous: { perHour: 0, perDay: 0 },
        signedIn: { perHour: 120, perDay: 2_880 },
        identitiesNeededPerDay: 288,
      },
    });
  });

  it('linked about one stranger’s record every 3.5 days by guessing codes before, one in about 2 years after', () => {
    const { before, after, oneRecordPerYear } = codeGuessRates(attacker);
    expect(before).toEqual({ triesPerDay: 288_000, linkedPerDay: 0.288, linkedPerYear: 105.12 });
    expect(after.triesPerDay).toBe(1_440);
    expect(after.linkedPerDay).toBeCloseTo(0.00144, 8);
    expect(after.linkedPerYear).toBeCloseTo(0.526, 3);
    // However many addresses: the portal's budget, not the attacker's means, is the bound.
    expect(codeGuessRates({ ...attacker, addresses: 10_000 }).after).toEqual(after);
    // One chosen record: about 122 tries a year, a chance of about 1 in 8,200.
    expect(oneRecordPerYear.tries).toBeCloseTo(121.7, 1);
    expect(1 / oneRecordPerYear.chance).toBeCloseTo(8_219, 0);
  });
});
