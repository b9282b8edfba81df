import { addDays, isoDayOfWeek, zonedTimeToUtc } from '@vet/db/seed/zoned-time';
import { subtract } from './intervals.ts';
import type { Interval, RotaShift } from './types.ts';

const inValidity = (shift: RotaShift, date: string) =>
  (shift.validFrom === null || shift.validFrom <= date) && (shift.validTo === null || date <= shift.validTo);

/** Every local date from `fromDate` to `toDate`, inclusive. */
export function datesBetween(fromDate: string, toDate: string): string[] {
  const dates: string[] = [];
  for (let date = fromDate; date <= toDate; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** Local date and time to an instant in the zone. */
export type ToInstant = (date: string, time: string) => number;

/**
 * A converter that remembers its answers: the clinicians of one search share their shift and break
 * times, so each date and time is converted once per search rather than once per clinician.
 */
export function instantsIn(timeZone: string): ToInstant {
  const known = new Map<string, number>();
  return (date, time) => {
    const key = `${date} ${time}`;
    let instant = known.get(key);
    if (instant === undefined) {
      instant = zonedTimeToUtc(date, time, timeZone).getTime();
      known.set(key, instant);
    }
    return instant;
  };
}

/**
 * The instants a clinician works on these local dates: each shift of the date's weekday, from its local
 * start to its local end, without its breaks. Local times become instants in the practice's zone, so a
 * 09:00 shift starts at 09:00 on the practice's clocks on both sides of a clock change.
 */
export function workingIntervals(
  shifts: readonly RotaShift[],
  dates: readonly string[],
  timeZone: string,
  at: ToInstant = instantsIn(timeZone),
): Interval[] {
  const working: Interval[] = [];
  for (const date of dates) {
    const weekday = isoDayOfWeek(date);
    for (const shift of shifts) {
      if (shift.dayOfWeek !== weekday || !inValidity(shift, date)) continue;
      const span = { start: at(date, shift.startsAt), end: at(date, shift.endsAt) };
      const breaks = shift.breaks.map((b) => ({ start: at(date, b.startsAt), end: at(date, b.endsAt) }));
      working.push(...subtract([span], breaks));
    }
  }
  return working;
}
