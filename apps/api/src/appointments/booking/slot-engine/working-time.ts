import {
  addDays,
  isoDayOfWeek,
  parseTime,
  wallToInstant,
  type ZoneOffset,
} from '@vet/contracts/practice-clock';
import { subtract } from './intervals.ts';
import { MINUTE_MS, type Interval, type RotaShift } from './types.ts';

const inValidity = (shift: RotaShift, date: string) =>
  (shift.validFrom === null || shift.validFrom <= date) && (shift.validTo === null || date <= shift.validTo);

/** A local date of a search, with its ISO weekday (1 = Monday). */
export interface SearchDay {
  date: string;
  weekday: number;
}

/** Every local date from `fromDate` to `toDate`, inclusive, with its weekday. */
export function daysBetween(fromDate: string, toDate: string): SearchDay[] {
  const days: SearchDay[] = [];
  for (let date = fromDate; date <= toDate; date = addDays(date, 1)) {
    days.push({ date, weekday: isoDayOfWeek(date) });
  }
  return days;
}

/** Local date and time to an instant in the zone. */
export type ToInstant = (date: string, time: string) => number;

/** The local date the zone's clocks show at an instant. */
export const localDate = (instant: number, offsetOf: ZoneOffset): string =>
  new Date(instant + offsetOf(instant)).toISOString().slice(0, 10);

/**
 * A converter by the zone's offsets (practiceInstant's rule) that parses each date and time once: the
 * clinicians of one search share their shift and break times.
 */
export function instantsIn(offsetOf: ZoneOffset): ToInstant {
  const dayStarts = new Map<string, number>();
  const minutes = new Map<string, number>();
  return (date, time) => {
    let dayStart = dayStarts.get(date);
    if (dayStart === undefined) dayStarts.set(date, (dayStart = Date.parse(`${date}T00:00:00Z`)));
    let minute = minutes.get(time);
    if (minute === undefined) minutes.set(time, (minute = parseTime(time)));
    return wallToInstant(dayStart + minute * MINUTE_MS, offsetOf);
  };
}

/**
 * The instants a clinician works on these local dates: each shift of the date's weekday, from its local
 * start to its local end, without its breaks. Local times become instants in the practice's zone, so a
 * 09:00 shift starts at 09:00 on the practice's clocks on both sides of a clock change.
 */
export function workingIntervals(
  shifts: readonly RotaShift[],
  days: readonly SearchDay[],
  at: ToInstant,
): Interval[] {
  const working: Interval[] = [];
  for (const { date, weekday } of days) {
    for (const shift of shifts) {
      if (shift.dayOfWeek !== weekday || !inValidity(shift, date)) continue;
      const span = { start: at(date, shift.startsAt), end: at(date, shift.endsAt) };
      const breaks = shift.breaks.map((b) => ({ start: at(date, b.startsAt), end: at(date, b.endsAt) }));
      working.push(...subtract([span], breaks));
    }
  }
  return working;
}
