import { describe, expect, it } from 'vitest';
import {
  formatAppointmentTime,
  formatLabelledAppointmentTime,
  formatLongDate,
  formatPracticeClock,
  formatPracticeDay,
  formatShortPracticeDay,
  practiceDate,
} from './appointment-time';

describe('formatAppointmentTime', () => {
  it('writes the date and time in UK time, British style', () => {
    expect(formatAppointmentTime('2026-11-24T10:30:00Z')).toBe('Tuesday 24 November 2026, 10:30');
  });

  it('shows British Summer Time as the practice clock does', () => {
    expect(formatAppointmentTime('2026-07-01T08:05:00Z')).toBe('Wednesday 1 July 2026, 09:05');
    expect(formatAppointmentTime('2026-07-01T23:30:00Z')).toBe('Thursday 2 July 2026, 00:30');
  });

  it('takes any offset the API writes, either side of the clocks going forward', () => {
    expect(formatAppointmentTime('2026-03-29T02:30:00+02:00')).toBe('Sunday 29 March 2026, 00:30');
    expect(formatAppointmentTime('2026-03-29T03:30:00+02:00')).toBe('Sunday 29 March 2026, 02:30');
  });
});

describe('labelled practice times', () => {
  it('labels GMT and BST', () => {
    expect(formatLabelledAppointmentTime('2026-11-24T10:30:00Z')).toBe('Tuesday 24 November 2026, 10:30 GMT');
    expect(formatLabelledAppointmentTime('2026-07-01T08:05:00Z')).toBe('Wednesday 1 July 2026, 09:05 BST');
  });

  it('reads the day and clock on the practice clocks', () => {
    expect(practiceDate('2026-07-01T23:30:00Z')).toBe('2026-07-02');
    expect(formatPracticeClock('2026-07-01T23:30:00Z')).toBe('00:30');
    expect(formatPracticeDay('2026-12-01')).toBe('Tuesday 1 December');
    expect(formatShortPracticeDay('2026-12-01')).toBe('Tue 1 Dec');
  });
});

describe('formatLongDate', () => {
  it('writes a calendar date as en-GB does, free of any time zone', () => {
    expect(formatLongDate('2026-12-01')).toBe('1 December 2026');
    // The last Sunday of March: no clock change moves the day.
    expect(formatLongDate('2027-03-28')).toBe('28 March 2027');
    expect(formatLongDate('2026-11-02')).toBe(
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date('2026-11-02')),
    );
  });
});
