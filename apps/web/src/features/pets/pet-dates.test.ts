import { describe, expect, it } from 'vitest';
import { formatCalendarDate, petAge } from './pet-dates';

describe('petAge', () => {
  it.each([
    ['2020-03-15', '2026-05-15', '6 years 2 months'],
    ['2020-03-15', '2026-05-14', '6 years 1 month'],
    ['2025-05-15', '2026-05-15', '1 year'],
    ['2025-05-16', '2026-05-15', '11 months'],
    ['2026-03-31', '2026-04-30', '4 weeks'],
    ['2026-04-15', '2026-05-15', '1 month'],
    ['2026-05-01', '2026-05-15', '2 weeks'],
    ['2026-05-09', '2026-05-15', 'Under a week'],
    ['2026-05-15', '2026-05-15', 'Under a week'],
    ['2024-02-29', '2025-02-28', '11 months'],
    ['2024-02-29', '2025-03-01', '1 year'],
  ])('born %s is, on %s, %s old', (born, today, age) => {
    expect(petAge(born, today)).toBe(age);
  });
});

describe('formatCalendarDate', () => {
  it('writes the calendar day British style, whatever the time zone', () => {
    expect(formatCalendarDate('2025-03-14')).toBe('14 March 2025');
    expect(formatCalendarDate('2024-12-31')).toBe('31 December 2024');
  });
});
