import { isoDayOfWeek } from '@vet/contracts/practice-clock';
import { describe, expect, it } from 'vitest';
import { lateness, reminderDay } from './reminder-day.ts';

const minute = 60_000;

describe("the reminder bench's lateness model", () => {
  it('sends a burst one after another and counts those past the limit', () => {
    // 10 due at 0, 1 a second: the 10th goes at 10 s; with a 5 s limit, 5 are on time.
    const result = lateness([{ dueMs: 0, count: 10 }], 1, 0, 5_000);
    expect(result).toEqual({ total: 10, late: 5, maxLateMs: 10_000, lastSentMs: 10_000 });
  });

  it('counts the time before sending starts (the queueing) as lateness', () => {
    const result = lateness([{ dueMs: 0, count: 10 }], 1, 3_000, 5_000);
    expect(result.late).toBe(8);
    expect(result.lastSentMs).toBe(13_000);
  });

  it('lets a backlog carry into later minutes, and an idle sender wait for the next due time', () => {
    const groups = [
      { dueMs: 2 * minute, count: 30 },
      { dueMs: 0, count: 90 },
    ];
    // 1 a second: the 90 of minute 0 end at 90 s; minute 2's start at 120 s, end at 150 s.
    expect(lateness(groups, 1, 0, 60_000)).toEqual({
      total: 120,
      late: 30,
      maxLateMs: 90_000,
      lastSentMs: 150_000,
    });
    // Half as fast: minute 0's end at 180 s, so minute 2's wait for them and all go after 60 s.
    expect(lateness(groups, 0.5, 0, 60_000).late).toBe(60 + 30);
  });

  it('finds none late when the rate keeps up', () => {
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
