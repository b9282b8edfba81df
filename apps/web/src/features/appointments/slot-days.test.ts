import { describe, expect, it } from 'vitest';
import { slotDays } from './slot-days';

const slot = (startsAt: string) => ({ startsAt, endsAt: startsAt });

describe('slotDays', () => {
  it('lists every date, with its slots in order on the practice clocks', () => {
    const days = slotDays('2026-06-30', '2026-07-02', [
      slot('2026-07-01T08:30:00Z'),
      slot('2026-06-30T23:15:00Z'),
      slot('2026-07-01T08:00:00Z'),
    ]);
    expect(days.map((day) => [day.date, day.slots.map((s) => s.startsAt)])).toEqual([
      ['2026-06-30', []],
      ['2026-07-01', ['2026-06-30T23:15:00Z', '2026-07-01T08:00:00Z', '2026-07-01T08:30:00Z']],
      ['2026-07-02', []],
    ]);
  });
});
