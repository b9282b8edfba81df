import type { Interval } from './types.ts';

/** Sorted, non-overlapping, non-empty; touching intervals are joined. */
export function normalise(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

/** `from` without any instant of `cuts`. */
export function subtract(from: readonly Interval[], cuts: readonly Interval[]): Interval[] {
  const holes = normalise(cuts);
  const result: Interval[] = [];
  for (const interval of normalise(from)) {
    let start = interval.start;
    for (const hole of holes) {
      if (hole.end <= start) continue;
      if (hole.start >= interval.end) break;
      if (hole.start > start) result.push({ start, end: hole.start });
      start = Math.max(start, hole.end);
      if (start >= interval.end) break;
    }
    if (start < interval.end) result.push({ start, end: interval.end });
  }
  return result;
}
