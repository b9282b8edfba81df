import { describe, expect, it } from 'vitest';
import { describeClosure, openingWeek } from './opening-week';

const hours = [
  { dayOfWeek: 6, opens: '09:00', closes: '12:30' },
  { dayOfWeek: 1, opens: '08:00', closes: '19:00' },
  { dayOfWeek: 4, opens: '08:30', closes: '18:00' },
];
// Thursday 26 November 2026 (GMT: UK time is UTC) and Thursday 2 July 2026 (BST: UTC+1).
const winterThursday = '2026-11-26';
const summerThursday = '2026-07-02';

describe('openingWeek', () => {
  it('lists Monday to Sunday with the usual hours, a day with none closed, and today marked', () => {
    const week = openingWeek(hours, [], winterThursday);
    expect(week.map((day) => day.name)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(week.map((day) => day.hours)).toEqual([
      { opens: '08:00', closes: '19:00' },
      null,
      null,
      { opens: '08:30', closes: '18:00' },
      null,
      { opens: '09:00', closes: '12:30' },
      null,
    ]);
    expect(week.filter((day) => day.today).map((day) => day.name)).toEqual(['Thursday']);
    expect(week.every((day) => day.closedAllDay === null && day.closedParts.length === 0)).toBe(true);
  });

  it('marks Sunday as today on a Sunday', () => {
    expect(openingWeek(hours, [], '2026-11-29').find((day) => day.today)?.name).toBe('Sunday');
  });

  it('closes today when a closure covers all its hours, in UK time', () => {
    const bankHoliday = {
      startsAt: '2026-11-26T00:00:00.000Z',
      endsAt: '2026-11-27T00:00:00.000Z',
      reason: 'Holiday',
    };
    const thursday = openingWeek(hours, [bankHoliday], winterThursday)[3];
    expect(thursday).toMatchObject({ today: true, closedAllDay: { reason: 'Holiday' }, closedParts: [] });

    // In summer the same UTC instants leave 00:00–01:00 BST of the next day, and miss today's 00:00–01:00.
    const summer = { startsAt: '2026-07-01T23:00:00.000Z', endsAt: '2026-07-02T23:00:00.000Z', reason: null };
    expect(openingWeek(hours, [summer], summerThursday)[3]?.closedAllDay).toEqual({ reason: null });
  });

  it('closes part of today for a closure inside its hours, and ignores closures outside them', () => {
    const training = {
      startsAt: '2026-11-26T14:00:00.000Z',
      endsAt: '2026-11-26T19:00:00.000Z',
      reason: 'Staff training',
    };
    const evening = {
      startsAt: '2026-11-26T18:00:00.000Z',
      endsAt: '2026-11-27T09:00:00.000Z',
      reason: null,
    };
    const tomorrow = {
      startsAt: '2026-11-27T00:00:00.000Z',
      endsAt: '2026-11-28T00:00:00.000Z',
      reason: 'Other day',
    };
    const thursday = openingWeek(hours, [training, evening, tomorrow], winterThursday)[3];
    expect(thursday?.closedAllDay).toBeNull();
    expect(thursday?.closedParts).toEqual([{ from: '14:00', to: '18:00', reason: 'Staff training' }]);

    const lateStart = {
      startsAt: '2026-11-26T17:00:00.000Z',
      endsAt: '2026-11-28T00:00:00.000Z',
      reason: null,
    };
    expect(openingWeek(hours, [lateStart], winterThursday)[3]?.closedParts).toEqual([
      { from: '17:00', to: '18:00', reason: null },
    ]);
  });

  it('leaves a day the practice does not open as it is, closure or not', () => {
    const closure = { startsAt: '2026-11-27T00:00:00.000Z', endsAt: '2026-11-28T00:00:00.000Z', reason: 'x' };
    const friday = openingWeek(hours, [closure], '2026-11-27')[4];
    expect(friday).toMatchObject({ today: true, hours: null, closedAllDay: null, closedParts: [] });
  });
});

describe('describeClosure', () => {
  it('names a whole day, whole days, part of a day and a span across days, on UK clocks', () => {
    expect(
      describeClosure({ startsAt: '2026-12-25T00:00:00.000Z', endsAt: '2026-12-26T00:00:00.000Z' }),
    ).toBe('Friday 25 December');
    expect(
      describeClosure({ startsAt: '2026-12-24T00:00:00.000Z', endsAt: '2026-12-27T00:00:00.000Z' }),
    ).toBe('Thursday 24 December to Saturday 26 December');
    expect(
      describeClosure({ startsAt: '2026-12-03T14:00:00.000Z', endsAt: '2026-12-03T19:00:00.000Z' }),
    ).toBe('Thursday 3 December, 14:00 to 19:00');
    expect(
      describeClosure({ startsAt: '2026-12-03T14:00:00.000Z', endsAt: '2026-12-04T10:00:00.000Z' }),
    ).toBe('Thursday 3 December, 14:00 to Friday 4 December, 10:00');
    // BST: midnight in the UK is 23:00 UTC the day before.
    expect(
      describeClosure({ startsAt: '2026-08-30T23:00:00.000Z', endsAt: '2026-08-31T23:00:00.000Z' }),
    ).toBe('Monday 31 August');
  });
});
