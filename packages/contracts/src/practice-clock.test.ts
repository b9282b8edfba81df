import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  clockTime,
  isBritishSummerTime,
  isoDay,
  monthNames,
  practiceWallTime,
  shortMonthNames,
  shortWeekdayNames,
  weekdayNames,
} from './practice-clock.ts';
import { practiceTimeZone } from './practice-rules.ts';

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
