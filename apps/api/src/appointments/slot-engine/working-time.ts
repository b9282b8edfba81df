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

/**
 * The instants a clinician works on these local dates: each shift of the date's weekday, from its local
 * start to its local end, without its breaks. Local times become instants in the practice's zone, so a
 * 09:00 shift starts at 09:00 on the practice's clocks on both sides of a clock change.
 */
export function workingIntervals(
  shifts: readonly RotaShift[],
  dates: readonly string[],
  timeZone: string,
): Interval[] {
  const at = (date: string, time: string) => zonedTimeToUtc(date, time, timeZone).getTime();
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
