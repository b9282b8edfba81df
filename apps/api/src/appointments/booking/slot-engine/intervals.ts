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

/** `from` without any instant of `cuts`, in one pass over both (each sorted first). */
export function subtract(from: readonly Interval[], cuts: readonly Interval[]): Interval[] {
  const holes = normalise(cuts);
  const result: Interval[] = [];
  // Holes wholly before an interval are before every later one too.
  let firstHole = 0;
  for (const interval of normalise(from)) {
    while (firstHole < holes.length && holes[firstHole]!.end <= interval.start) firstHole += 1;
    let start = interval.start;
    // Holes are disjoint and sorted, so each one here ends after `start`.
    for (let index = firstHole; index < holes.length; index += 1) {
      const hole = holes[index]!;
      if (hole.start >= interval.end) break;
      if (hole.start > start) result.push({ start, end: hole.start });
      start = Math.max(start, hole.end);
      if (start >= interval.end) break;
    }
    if (start < interval.end) result.push({ start, end: interval.end });
  }
  return result;
}
