import { isoDayOfWeek } from '@vet/contracts/practice-clock';
import { describe, expect, it } from 'vitest';
import { lateness, reminderDay } from './reminder-day.ts';

describe("the reminder bench's lateness model", () => {
  it('delivers each reminder before the next reminder job (deliveries first, decision 0087)', () => {
    // 10 due at 0, each job 1 s (2 s a reminder): reminder, delivery, reminder, …: delivered at 2 s, … 20 s.
    const result = lateness([{ dueMs: 0, count: 10 }], 0.5, 0, 15_000);
    expect(result).toEqual({ total: 10, late: 3, maxLateMs: 20_000, lastSentMs: 20_000 });
  });

  it('counts the time before sending starts (the queueing) as lateness', () => {
    const result = lateness([{ dueMs: 0, count: 10 }], 0.5, 3_000, 15_000);
    expect(result.late).toBe(4);
    expect(result.lastSentMs).toBe(23_000);
  });

  it('takes reminders by due time, and idles until one is due', () => {
    // 2 due at 0 and 1 at 1.5 s: the first's job and delivery end at 2 s (2 s late), the second's at 4 s
    // (4 s late), the one due at 1.5 s at 6 s (4.5 s late).
    const groups = [
      { dueMs: 1_500, count: 1 },
      { dueMs: 0, count: 2 },
    ];
    expect(lateness(groups, 0.5, 0, 4_000)).toEqual({
      total: 3,
      late: 1,
      maxLateMs: 4_500,
      lastSentMs: 6_000,
    });
    // Nothing due until 60 s: the worker waits for it.
    expect(lateness([{ dueMs: 60_000, count: 1 }], 0.5, 0, 5_000)).toEqual({
      total: 1,
      late: 0,
      maxLateMs: 2_000,
      lastSentMs: 62_000,
    });
  });

  it('finds none late when the rates keep up', () => {
    expect(lateness([{ dueMs: 0, count: 600 }], 10, 0, 60_000).late).toBe(0);
  });
});

describe('the reminder day', () => {
  it('is a Monday at least three days ahead and at most nine', () => {
    const today = new Date('2026-11-26T12:00:00Z'); // a Thursday
    expect(reminderDay(today)).toBe('2026-11-30');
    const day = reminderDay(new Date('2026-11-27T12:00:00Z')); // a Friday: Monday is 3 days on
    expect(day).toBe('2026-11-30');
    expect(isoDayOfWeek(reminderDay(new Date('2026-11-28T12:00:00Z')))).toBe(1);
    expect(reminderDay(new Date('2026-11-28T12:00:00Z'))).toBe('2026-12-07');
  });
});
