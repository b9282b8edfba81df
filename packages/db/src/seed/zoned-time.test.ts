import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  formatTime,
  isoDayOfWeek,
  parseTime,
  zonedDate,
  zonedMinutesOfDay,
  zoneOffsets,
  zonedTimeToUtc,
} from './zoned-time.ts';

const LONDON = 'Europe/London';

describe('zonedTimeToUtc', () => {
  it.each([
    ['winter (GMT)', '2026-01-15', '09:00', '2026-01-15T09:00:00.000Z'],
    ['summer (BST)', '2026-07-01', '09:00', '2026-07-01T08:00:00.000Z'],
    ['the day clocks go forward, after the change', '2026-03-29', '09:00', '2026-03-29T08:00:00.000Z'],
    ['the day clocks go forward, before the change', '2026-03-29', '00:30', '2026-03-29T00:30:00.000Z'],
    ['the day clocks go back, after the change', '2026-10-25', '09:00', '2026-10-25T09:00:00.000Z'],
    ['the evening before clocks go forward', '2026-03-28', '23:30', '2026-03-28T23:30:00.000Z'],
    ['local midnight in summer is the previous UTC day', '2026-06-10', '00:00', '2026-06-09T23:00:00.000Z'],
  ])('%s', (_label, date, time, expected) => {
    expect(zonedTimeToUtc(date, time, LONDON).toISOString()).toBe(expected);
  });

  it('takes the earlier instant when clocks go back and a time happens twice', () => {
    expect(zonedTimeToUtc('2026-10-25', '01:30', LONDON).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('moves a time the clocks skip on by the gap', () => {
    expect(zonedTimeToUtc('2026-03-29', '01:30', LONDON).toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('works for other zones, whatever the process time zone', () => {
    expect(zonedTimeToUtc('2026-07-01', '09:00', 'America/New_York').toISOString()).toBe(
      '2026-07-01T13:00:00.000Z',
    );
    expect(zonedTimeToUtc('2026-07-01', '09:00', 'Australia/Sydney').toISOString()).toBe(
      '2026-06-30T23:00:00.000Z',
    );
    expect(zonedTimeToUtc('2026-07-01', '09:00', 'UTC').toISOString()).toBe('2026-07-01T09:00:00.000Z');
  });

  it('round-trips every hour of a year in London', () => {
    const mismatches: string[] = [];
    let date = '2026-01-01';
    for (let day = 0; day < 365; day += 1) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 60) {
        const skippedBySummerTime = date === '2026-03-29' && minutes >= 60 && minutes < 120;
        if (skippedBySummerTime) continue;
        const instant = zonedTimeToUtc(date, formatTime(minutes), LONDON);
        if (zonedDate(instant, LONDON) !== date || zonedMinutesOfDay(instant, LONDON) !== minutes) {
          mismatches.push(`${date} ${formatTime(minutes)}`);
        }
      }
      date = addDays(date, 1);
    }
    expect(mismatches).toEqual([]);
  });
});

describe('zoneOffsets', () => {
  // Lord Howe moves its clocks by half an hour; Kolkata is half an hour off the hour all year.
  it.each(['Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'])(
    'reads the same wall clock as zonedDate at every minute around the clock changes of 2026 in %s',
    (zone) => {
      const offsetOf = zoneOffsets(
        Date.parse('2026-02-28T12:00:00Z'),
        Date.parse('2026-11-06T12:00:00Z'),
        zone,
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
          const expected = `${zonedDate(new Date(t), zone)} ${formatTime(zonedMinutesOfDay(new Date(t), zone))}`;
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
      LONDON,
    );
    expect(offsetOf(Date.parse('2026-01-15T12:00:00Z'))).toBe(0);
    expect(offsetOf(Date.parse('2026-07-15T12:00:00Z'))).toBe(3_600_000);
  });
});

describe('calendar helpers', () => {
  it('reads the local date of an instant', () => {
    expect(zonedDate(new Date('2026-06-09T23:30:00Z'), LONDON)).toBe('2026-06-10');
    expect(zonedDate(new Date('2026-12-09T23:30:00Z'), LONDON)).toBe('2026-12-09');
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
