import { zonedMinutesOfDay } from '@vet/db/seed/zoned-time';
import { DAY_MS, MINUTE_MS, type Interval } from './types.ts';

const localMinute = (instant: number, timeZone: string) => zonedMinutesOfDay(new Date(instant), timeZone);
const onGrid = (instant: number, gridMinutes: number, timeZone: string) =>
  localMinute(instant, timeZone) % gridMinutes === 0;
/** Minutes the local clock is ahead of UTC, modulo a day. */
const offsetOf = (instant: number, timeZone: string) =>
  (((localMinute(instant, timeZone) - Math.floor((instant % DAY_MS) / MINUTE_MS)) % 1440) + 1440) % 1440;

/**
 * The starts in `free` on the practice's grid (local minute of the day a multiple of `gridMinutes`) at
 * which `durationMs` fits before the interval ends. Between two clock changes local and UTC minutes move
 * together, so the grid is stepped arithmetically; when the offset differs at the two ends (an interval
 * spanning a clock change) every minute is checked against the local clock instead.
 */
export function gridStarts(
  free: Interval,
  durationMs: number,
  gridMinutes: number,
  timeZone: string,
): number[] {
  const last = free.end - durationMs;
  const start = Math.ceil(free.start / MINUTE_MS) * MINUTE_MS;
  if (start > last) return [];
  const starts: number[] = [];
  if (offsetOf(start, timeZone) !== offsetOf(last, timeZone)) {
    for (let t = start; t <= last; t += MINUTE_MS) if (onGrid(t, gridMinutes, timeZone)) starts.push(t);
    return starts;
  }
  const behind = localMinute(start, timeZone) % gridMinutes;
  const first = start + ((gridMinutes - behind) % gridMinutes) * MINUTE_MS;
  for (let t = first; t <= last; t += gridMinutes * MINUTE_MS) starts.push(t);
  return starts;
}
