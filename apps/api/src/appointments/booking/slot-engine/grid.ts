import type { ZoneOffset } from '@vet/contracts/practice-clock';
import { MINUTE_MS, type Interval } from './types.ts';

const MINUTES_A_DAY = 24 * 60;

/** The minute of the day the zone's clocks show at an instant. */
const localMinute = (instant: number, offsetOf: ZoneOffset) =>
  Math.floor((instant + offsetOf(instant)) / MINUTE_MS) % MINUTES_A_DAY;

/**
 * The starts in `free` on the practice's grid (local minute of the day a multiple of `gridMinutes`) at
 * which `durationMs` fits before the interval ends, pushed onto `starts`. Between two clock changes local
 * and UTC minutes move together, so the grid is stepped arithmetically; when the offset differs at the
 * two ends (an interval spanning a clock change) every minute is checked against the local clock instead.
 */
export function gridStarts(
  free: Interval,
  durationMs: number,
  gridMinutes: number,
  offsetOf: ZoneOffset,
  starts: number[] = [],
): number[] {
  const last = free.end - durationMs;
  const start = Math.ceil(free.start / MINUTE_MS) * MINUTE_MS;
  if (start > last) return starts;
  if (offsetOf(start) !== offsetOf(last)) {
    for (let t = start; t <= last; t += MINUTE_MS) {
      if (localMinute(t, offsetOf) % gridMinutes === 0) starts.push(t);
    }
    return starts;
  }
  const behind = localMinute(start, offsetOf) % gridMinutes;
  const first = start + ((gridMinutes - behind) % gridMinutes) * MINUTE_MS;
  for (let t = first; t <= last; t += gridMinutes * MINUTE_MS) starts.push(t);
  return starts;
}
