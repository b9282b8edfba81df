import { describe, expect, it } from 'vitest';
import { reasons } from './cells.ts';
import { openingHours } from './opening-hours.ts';
import { accepted, refused } from './testing/kind-fixtures.ts';
import { validRows } from './testing/valid-rows.ts';

const valid = validRows['opening_hours.csv'];

describe('opening_hours.csv', () => {
  it('stages a practice day with its hours', () => {
    expect(accepted(openingHours, valid)).toEqual({
      practice_ref: 'P1',
      day_of_week: 1,
      opens: '08:30',
      closes: '18:00',
    });
    expect(accepted(openingHours, { ...valid, day_of_week: '7' }).day_of_week).toBe(7);
  });

  it('refuses a day outside 1 (Monday) to 7 (Sunday)', () => {
    for (const day of ['0', '8', 'Monday', 'Mon']) {
      expect(refused(openingHours, { ...valid, day_of_week: day })).toEqual([
        { column: 'day_of_week', reason: 'not a whole number from 1 to 7' },
      ]);
    }
  });

  it('refuses closing at or before opening, naming both columns, and times not HH:MM', () => {
    expect(refused(openingHours, { ...valid, opens: '18:00', closes: '08:30' })).toEqual([
      { column: null, reason: 'closes is not after opens' },
    ]);
    expect(refused(openingHours, { ...valid, closes: '08:30' })).toEqual([
      { column: null, reason: 'closes is not after opens' },
    ]);
    expect(refused(openingHours, { ...valid, opens: '8.30am' })).toEqual([
      { column: 'opens', reason: reasons.time },
    ]);
  });
});
