import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toSlots } from './slot-search.ts';

const MINUTE = 60_000;

describe('toSlots', () => {
  it('writes each start and end as toISOString does, across days, years and off the minute', () => {
    const instants = fc.oneof(
      fc.integer({ min: 0, max: 200_000_000 }).map((minutes) => minutes * MINUTE),
      fc.integer({ min: 0, max: 8_000_000_000_000 }),
    );
    fc.assert(
      fc.property(
        fc.array(instants, { maxLength: 50 }),
        fc.integer({ min: 1, max: 600 }),
        (starts, duration) => {
          const sorted = [...starts].sort((a, b) => a - b);
          const slots = toSlots(
            sorted.map((startsAt) => ({ startsAt, clinicianIds: [1] })),
            duration,
          );
          expect(slots).toEqual(
            sorted.map((startsAt) => ({
              startsAt: new Date(startsAt).toISOString(),
              endsAt: new Date(startsAt + duration * MINUTE).toISOString(),
            })),
          );
        },
      ),
    );
  });

  it('writes a day’s last minute and the next day’s first', () => {
    const lastMinute = Date.parse('2026-12-31T23:59:00Z');
    expect(toSlots([{ startsAt: lastMinute, clinicianIds: [1] }], 1)).toEqual([
      { startsAt: '2026-12-31T23:59:00.000Z', endsAt: '2027-01-01T00:00:00.000Z' },
    ]);
  });
});
