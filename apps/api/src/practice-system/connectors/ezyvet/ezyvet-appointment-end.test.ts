import { describe, expect, it } from 'vitest';
import { appointmentEnd } from './ezyvet-map.ts';

/** 09:00 on a Monday, London (GMT in November). */
const nine = Date.parse('2026-11-30T09:00:00Z') / 1000;
const zone = 'Europe/London';

describe('when an ezyVet desk appointment ends (decision 0130)', () => {
  it('reads duration as seconds: 900 is a quarter of an hour', () => {
    expect(appointmentEnd({ start_at: nine, duration: 900 }, zone)).toEqual({ at: nine + 900 });
  });

  it('takes the end the record carries over its duration', () => {
    expect(appointmentEnd({ start_at: nine, duration: 15, end_at: nine + 1800 }, zone)).toEqual({
      at: nine + 1800,
    });
    expect(appointmentEnd({ start_at: nine, end_time: nine + 600 }, zone)).toEqual({ at: nine + 600 });
  });

  it('refuses an end that cannot be right, naming the field and the rule, never a value', () => {
    const refused = (row: Parameters<typeof appointmentEnd>[0]) => {
      const end = appointmentEnd(row, zone);
      return 'refused' in end ? end.refused : null;
    };
    // 15 read as seconds: minutes misread, most likely.
    expect(refused({ start_at: nine, duration: 15 })).toEqual({
      path: 'duration',
      message: 'under 5 minutes read as seconds: its unit is in doubt',
    });
    // 900 minutes of a 10:00 appointment, had the unit been minutes: past the practice's day.
    expect(refused({ start_at: nine + 3600, duration: 900 * 60 })).toEqual({
      path: 'duration',
      message: 'ends after the practice’s day, read as seconds',
    });
    expect(refused({ start_at: nine, duration: 2 * 86_400 })).toMatchObject({ path: 'duration' });
    expect(refused({ start_at: nine })).toMatchObject({ path: 'duration' });
    expect(refused({ start_at: nine, end_at: nine })).toEqual({
      path: 'end_at',
      message: 'not after start_at',
    });
    expect(refused({ start_at: nine, end_time: nine + 90_000 })).toMatchObject({ path: 'end_time' });
  });

  it('keeps an appointment that ends at midnight or within the evening, on the site’s wall clock', () => {
    const eleven = Date.parse('2026-11-30T23:00:00Z') / 1000;
    expect(appointmentEnd({ start_at: eleven, duration: 3600 }, zone)).toEqual({ at: eleven + 3600 });
    expect('refused' in appointmentEnd({ start_at: eleven, duration: 3660 }, zone)).toBe(true);
  });
});
