import { describe, expect, it } from 'vitest';
import { openAt } from './messaging-practice.ts';

const weekdays = [1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, opensAt: '08:00', closesAt: '18:00' }));

describe('openAt', () => {
  it('reads the hours in UK time, summer and winter', () => {
    // Monday 6 July 2026, 07:30 UTC is 08:30 BST: open. 17:30 UTC is 18:30 BST: closed.
    expect(openAt(weekdays, new Date('2026-07-06T07:30:00Z'))).toBe(true);
    expect(openAt(weekdays, new Date('2026-07-06T17:30:00Z'))).toBe(false);
    // Monday 7 December 2026, 07:30 UTC is 07:30 GMT: not yet open; 17:30 is.
    expect(openAt(weekdays, new Date('2026-12-07T07:30:00Z'))).toBe(false);
    expect(openAt(weekdays, new Date('2026-12-07T17:30:00Z'))).toBe(true);
  });

  it('is closed on a day without hours and at closing time', () => {
    expect(openAt(weekdays, new Date('2026-07-05T10:00:00Z'))).toBe(false); // a Sunday
    expect(openAt(weekdays, new Date('2026-12-07T18:00:00Z'))).toBe(false);
    expect(openAt([], new Date('2026-12-07T12:00:00Z'))).toBe(false);
  });
});
