import { isoDayOfWeek } from '@vet/contracts/practice-clock';
import { describe, expect, it } from 'vitest';
import { lateness, reminderDay } from './reminder-day.ts';

describe("the reminder bench's lateness model", () => {
  it('runs every waiting reminder job before the deliveries they create', () => {
    // 10 due at 0, each job 1 s: the reminders' jobs end at 10 s, the deliveries at 11 s to 20 s.
    const result = lateness([{ dueMs: 0, count: 10 }], 1, 1, 0, 15_000);
    expect(result).toEqual({ total: 10, late: 5, maxLateMs: 20_000, lastSentMs: 20_000 });
  });

  it('counts the time before sending starts (the queueing) as lateness', () => {
    const result = lateness([{ dueMs: 0, count: 10 }], 1, 1, 3_000, 15_000);
    expect(result.late).toBe(8);
    expect(result.lastSentMs).toBe(23_000);
  });

  it('takes a later reminder before deliveries created after its due time, and idles until one is due', () => {
    // 2 due at 0: their jobs end at 1 s and 2 s. The first delivery (made at 1 s) goes before the reminder
    // due at 1.5 s (2 s to 3 s); that reminder's job next (to 4 s), then the deliveries made at 2 s (to
    // 5 s, 5 s late) and at 4 s (to 6 s, 4.5 s late).
    const groups = [
      { dueMs: 1_500, count: 1 },
      { dueMs: 0, count: 2 },
    ];
    expect(lateness(groups, 1, 1, 0, 4_000)).toEqual({
      total: 3,
      late: 2,
      maxLateMs: 5_000,
      lastSentMs: 6_000,
    });
    // Nothing due until 60 s: the worker waits for it.
    expect(lateness([{ dueMs: 60_000, count: 1 }], 1, 1, 0, 5_000)).toEqual({
      total: 1,
      late: 0,
      maxLateMs: 2_000,
      lastSentMs: 62_000,
    });
  });

  it('finds none late when the rates keep up', () => {
    expect(lateness([{ dueMs: 0, count: 600 }], 20, 20, 0, 60_000).late).toBe(0);
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
