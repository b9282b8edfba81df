import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  calendarDay,
  clockTime,
  formatTime,
  isBritishSummerTime,
  isoDay,
  isoDayOfWeek,
  monthNames,
  parseTime,
  practiceDate,
  practiceInstant,
  practiceMinutesOfDay,
  practiceOffset,
  practiceTimeZone,
  practiceWallTime,
  practiceZoneName,
  shortMonthNames,
  shortWeekdayNames,
  wallToInstant,
  weekdayNames,
  zoneOffsets,
  type ZoneOffset,
} from './practice-clock.ts';
import { icuOffset, icuWallClock } from './testing/icu-zones.ts';

/** What ICU says the practices' clocks read: the reference the arithmetic must match. */
const icuParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: practiceTimeZone,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  weekday: 'long',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

function icuWallTime(instant: Date) {
  const parts = Object.fromEntries(icuParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    wall: {
      year: Number(parts['year']),
      month: Number(parts['month']),
      day: Number(parts['day']),
      weekday: weekdayNames.indexOf(parts['weekday'] as (typeof weekdayNames)[number]),
      hour: Number(parts['hour']),
      minute: Number(parts['minute']),
    },
    summer: parts['timeZoneName'] === 'BST' || parts['timeZoneName'] === 'GMT+1',
  };
}

const minute = 60_000;

describe('practiceWallTime', () => {
  it('reads GMT in winter and BST in summer', () => {
    expect(practiceWallTime(new Date('2026-11-24T10:30:00Z'))).toEqual({
      year: 2026,
      month: 11,
      day: 24,
      weekday: 2,
      hour: 10,
      minute: 30,
    });
    expect(practiceWallTime(new Date('2026-07-01T23:30:00Z'))).toMatchObject({ month: 7, day: 2, hour: 0 });
    expect(isBritishSummerTime(new Date('2026-07-01T12:00:00Z'))).toBe(true);
    expect(isBritishSummerTime(new Date('2026-12-01T12:00:00Z'))).toBe(false);
  });

  it('changes at 01:00 UTC on the last Sundays of March and October, as ICU does, 1996 to 2099', () => {
    for (let year = 1996; year <= 2099; year += 1) {
      for (const month of [2, 9]) {
        const lastDay = new Date(Date.UTC(year, month + 1, 0));
        const change = Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
        for (const offset of [-61, -1, 0, 1, 59, 61]) {
          const instant = new Date(change + offset * minute);
          const icu = icuWallTime(instant);
          expect(practiceWallTime(instant), instant.toISOString()).toEqual(icu.wall);
          expect(isBritishSummerTime(instant), instant.toISOString()).toBe(icu.summer);
          expect(practiceZoneName(instant), instant.toISOString()).toBe(icu.summer ? 'BST' : 'GMT');
        }
      }
    }
  });

  it('matches ICU at any minute from 1996 to 2099', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1996, 0, 1) / minute, max: Date.UTC(2099, 11, 31) / minute }),
        (at) => {
          const instant = new Date(at * minute);
          const icu = icuWallTime(instant);
          expect(practiceWallTime(instant)).toEqual(icu.wall);
          expect(isBritishSummerTime(instant)).toBe(icu.summer);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('British date words', () => {
  it('are en-GB’s as ICU writes them', () => {
    const long = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', month: 'long' });
    const short = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', month: 'short' });
    const part = (format: Intl.DateTimeFormat, date: Date, type: string) =>
      format.formatToParts(date).find((p) => p.type === type)?.value;
    for (let month = 0; month < 12; month += 1) {
      const date = new Date(Date.UTC(2026, month, 15));
      expect(monthNames[month]).toBe(part(long, date, 'month'));
      expect(shortMonthNames[month]).toBe(part(short, date, 'month'));
    }
    for (let day = 0; day < 7; day += 1) {
      const date = new Date(Date.UTC(2026, 1, 1 + day)); // 1 February 2026 is a Sunday
      expect(weekdayNames[day]).toBe(part(long, date, 'weekday'));
      expect(shortWeekdayNames[day]).toBe(part(short, date, 'weekday'));
    }
  });
});

describe('calendar days', () => {
  it('reads a YYYY-MM-DD day with its weekday and writes it back', () => {
    expect(calendarDay('2026-12-01')).toEqual({ year: 2026, month: 12, day: 1, weekday: 2 });
    expect(isoDay(calendarDay('2024-02-29'))).toBe('2024-02-29');
    expect(clockTime({ hour: 9, minute: 5 })).toBe('09:05');
  });
});

const LONDON = 'Europe/London';

describe('practiceInstant', () => {
  it.each([
    ['winter (GMT)', '2026-01-15', '09:00', '2026-01-15T09:00:00.000Z'],
    ['summer (BST)', '2026-07-01', '09:00', '2026-07-01T08:00:00.000Z'],
    ['the day clocks go forward, after the change', '2026-03-29', '09:00', '2026-03-29T08:00:00.000Z'],
    ['the day clocks go forward, before the change', '2026-03-29', '00:30', '2026-03-29T00:30:00.000Z'],
    ['the day clocks go back, after the change', '2026-10-25', '09:00', '2026-10-25T09:00:00.000Z'],
    ['the evening before clocks go forward', '2026-03-28', '23:30', '2026-03-28T23:30:00.000Z'],
    ['local midnight in summer is the previous UTC day', '2026-06-10', '00:00', '2026-06-09T23:00:00.000Z'],
  ])('%s', (_label, date, time, expected) => {
    expect(practiceInstant(date, time).toISOString()).toBe(expected);
  });

  it('takes the earlier instant when clocks go back and a time happens twice', () => {
    expect(practiceInstant('2026-10-25', '01:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('moves a time the clocks skip on by the gap', () => {
    expect(practiceInstant('2026-03-29', '01:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('is the instant ICU’s offsets give by the same rule, around every change from 1996 to 2099', () => {
    const icuLondon = icuOffset(LONDON);
    const mismatches: string[] = [];
    for (let year = 1996; year <= 2099; year += 1) {
      for (const date of [calendarDay(`${year}-03-31`), calendarDay(`${year}-10-31`)]) {
        const sunday = isoDay({ ...date, day: date.day - date.weekday });
        for (const time of ['00:00', '00:59', '01:00', '01:30', '01:59', '02:00', '02:30', '23:59']) {
          const wall = Date.parse(`${sunday}T${time}:00Z`);
          const expected = new Date(wallToInstant(wall, icuLondon)).toISOString();
          const seen = practiceInstant(sunday, time).toISOString();
          if (seen !== expected) mismatches.push(`${sunday} ${time}: ${seen}, not ${expected}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('wallToInstant works by any zone’s offsets, whatever the process time zone', () => {
    const at = (wall: string, zone: string) =>
      new Date(wallToInstant(Date.parse(`${wall}:00Z`), icuOffset(zone))).toISOString();
    expect(at('2026-07-01T09:00', 'America/New_York')).toBe('2026-07-01T13:00:00.000Z');
    expect(at('2026-07-01T09:00', 'Australia/Sydney')).toBe('2026-06-30T23:00:00.000Z');
    expect(at('2026-07-01T09:00', 'UTC')).toBe('2026-07-01T09:00:00.000Z');
  });

  it('round-trips every hour of a year in London', () => {
    const mismatches: string[] = [];
    let date = '2026-01-01';
    for (let day = 0; day < 365; day += 1) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 60) {
        const skippedBySummerTime = date === '2026-03-29' && minutes >= 60 && minutes < 120;
        if (skippedBySummerTime) continue;
        const instant = practiceInstant(date, formatTime(minutes));
        if (practiceDate(instant) !== date || practiceMinutesOfDay(instant) !== minutes) {
          mismatches.push(`${date} ${formatTime(minutes)}`);
        }
      }
      date = addDays(date, 1);
    }
    expect(mismatches).toEqual([]);
  });
});

describe('zoneOffsets', () => {
  // The practices' rule, and ICU's zones: Lord Howe moves its clocks by half an hour; Kolkata is half an
  // hour off the hour all year.
  const rules: [string, ZoneOffset][] = [
    ['Europe/London', practiceOffset],
    ...['America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'].map(
      (zone): [string, ZoneOffset] => [zone, icuOffset(zone)],
    ),
  ];
  it.each(rules)(
    'reads the same wall clock as ICU at every minute around the clock changes of 2026 in %s',
    (zone, rule) => {
      const offsetOf = zoneOffsets(
        Date.parse('2026-02-28T12:00:00Z'),
        Date.parse('2026-11-06T12:00:00Z'),
        rule,
      );
      const mismatches: string[] = [];
      // London's, New York's and Lord Howe's spring and autumn changes fall in these weeks.
      for (const [first, last] of [
        ['2026-03-01', '2026-04-10'],
        ['2026-09-30', '2026-11-05'],
      ] as const) {
        const to = Date.parse(`${last}T00:00:00Z`);
        for (let t = Date.parse(`${first}T00:00:00Z`); t < to && mismatches.length < 5; t += 60_000) {
          const seen = new Date(t + offsetOf(t)).toISOString().slice(0, 16).replace('T', ' ');
          const expected = icuWallClock(t, zone);
          if (seen !== expected) mismatches.push(`${new Date(t).toISOString()}: ${seen}, not ${expected}`);
        }
      }
      expect(mismatches).toEqual([]);
    },
  );

  it('answers outside its span too', () => {
    const offsetOf = zoneOffsets(
      Date.parse('2026-06-01T00:00:00Z'),
      Date.parse('2026-06-02T00:00:00Z'),
      practiceOffset,
    );
    expect(offsetOf(Date.parse('2026-01-15T12:00:00Z'))).toBe(0);
    expect(offsetOf(Date.parse('2026-07-15T12:00:00Z'))).toBe(3_600_000);
  });
});

describe('calendar helpers', () => {
  it('reads the practice’s date of an instant', () => {
    expect(practiceDate(new Date('2026-06-09T23:30:00Z'))).toBe('2026-06-10');
    expect(practiceDate(new Date('2026-12-09T23:30:00Z'))).toBe('2026-12-09');
  });

  it('adds days and months across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-15', -14)).toBe('2024-11-15');
  });

  it('numbers days of the week from Monday = 1', () => {
    expect(isoDayOfWeek('2026-06-01')).toBe(1);
    expect(isoDayOfWeek('2026-06-06')).toBe(6);
    expect(isoDayOfWeek('2026-06-07')).toBe(7);
  });

  it('parses and formats HH:MM', () => {
    expect(parseTime('08:30')).toBe(510);
    expect(formatTime(510)).toBe('08:30');
    expect(() => parseTime('8:30')).toThrow();
  });
});
