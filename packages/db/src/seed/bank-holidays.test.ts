import { describe, expect, it } from 'vitest';
import { bankHolidaysBetween, bankHolidaysOf, easterSunday } from './bank-holidays.ts';

/** As published on gov.uk/bank-holidays for England and Wales. */
const PUBLISHED: Record<number, string[]> = {
  2025: [
    '2025-01-01',
    '2025-04-18',
    '2025-04-21',
    '2025-05-05',
    '2025-05-26',
    '2025-08-25',
    '2025-12-25',
    '2025-12-26',
  ],
  2026: [
    '2026-01-01',
    '2026-04-03',
    '2026-04-06',
    '2026-05-04',
    '2026-05-25',
    '2026-08-31',
    '2026-12-25',
    '2026-12-28',
  ],
  2027: [
    '2027-01-01',
    '2027-03-26',
    '2027-03-29',
    '2027-05-03',
    '2027-05-31',
    '2027-08-30',
    '2027-12-27',
    '2027-12-28',
  ],
};

describe('bank holidays of England and Wales', () => {
  it.each(Object.entries(PUBLISHED))('match the published dates for %s', (year, dates) => {
    expect(bankHolidaysOf(Number(year)).map((h) => h.date)).toEqual(dates);
  });

  it('moves a weekend New Year to the Monday', () => {
    expect(bankHolidaysOf(2022)[0]?.date).toBe('2022-01-03');
    expect(bankHolidaysOf(2023)[0]?.date).toBe('2023-01-02');
  });

  it('gives Boxing Day the Monday when Christmas falls on a Sunday', () => {
    const christmas = bankHolidaysOf(2022).slice(-2);
    expect(christmas).toEqual([
      { date: '2022-12-26', name: 'Boxing Day' },
      { date: '2022-12-27', name: 'Christmas Day' },
    ]);
  });

  it('finds Easter', () => {
    expect(['2024', '2025', '2026', '2038'].map((y) => easterSunday(Number(y)))).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2038-04-25',
    ]);
  });

  it('lists the holidays between two dates across a year end', () => {
    expect(bankHolidaysBetween('2026-12-01', '2027-01-31').map((h) => h.date)).toEqual([
      '2026-12-25',
      '2026-12-28',
      '2027-01-01',
    ]);
  });
});
