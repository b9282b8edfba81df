import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalise, subtract } from './intervals.ts';
import type { Interval } from './types.ts';

const intervals = fc.array(
  fc
    .record({ start: fc.integer({ min: 0, max: 60 }), length: fc.integer({ min: -2, max: 20 }) })
    .map(({ start, length }): Interval => ({ start, end: start + length })),
  { maxLength: 12 },
);

/** The whole numbers an interval list covers: the oracle's reading of it. */
const points = (list: readonly Interval[]) => {
  const covered = new Set<number>();
  for (const { start, end } of list) for (let t = start; t < end; t += 1) covered.add(t);
  return [...covered].sort((a, b) => a - b);
};

describe('subtract', () => {
  it('covers exactly the points of `from` outside every cut, as sorted, disjoint, non-empty intervals', () => {
    fc.assert(
      fc.property(intervals, intervals, (from, cuts) => {
        const result = subtract(from, cuts);
        const cut = new Set(points(cuts));
        expect(points(result)).toEqual(points(from).filter((t) => !cut.has(t)));
        for (const [index, interval] of result.entries()) {
          expect(interval.end).toBeGreaterThan(interval.start);
          if (index > 0) expect(interval.start).toBeGreaterThan(result[index - 1]!.end - 1);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps a cut that spans several intervals for each of them', () => {
    const from = [
      { start: 0, end: 10 },
      { start: 20, end: 30 },
      { start: 40, end: 50 },
    ];
    expect(subtract(from, [{ start: 5, end: 45 }])).toEqual([
      { start: 0, end: 5 },
      { start: 45, end: 50 },
    ]);
    expect(
      normalise([
        { start: 3, end: 5 },
        { start: 0, end: 3 },
      ]),
    ).toEqual([{ start: 0, end: 5 }]);
  });
});
