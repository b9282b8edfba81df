/**
 * The practices' one clock: UK time (`practiceTimeZone`), its dates and British date words, for the API,
 * the web, the e-mails and the demo seed alike. Every practice keeps UK time and the database refuses any
 * other zone (decision 0055), so the API computes slots, the web shows times and the e-mails write them by
 * the same rule.
 *
 * By arithmetic instead of `Intl` (decision 0051). A browser's first `Intl.DateTimeFormat` loads its
 * locale data on the main thread: 110–200 ms at Lighthouse's 4× slower CPU, inside the task that hydrates
 * every page showing a date (the dashboard, the appointments, a pet's page). The words are en-GB's as
 * Node's and Chromium's ICU write them (unit tests compare every month and weekday, and the clocks around
 * every change from 1996 to 2099, with `Intl`), and the server and the browser share one table, so their
 * ICU versions cannot disagree in a hydrated page.
 *
 * Dates are ISO calendar dates ('2026-03-29'); times are 'HH:MM' on a 24-hour clock.
 */

/**
 * The practices' time zone: every practice of the group keeps UK time, and the practices table refuses
 * any other (`practices_time_zone_uk_ck`, decision 0055). Slot answers carry it.
 */
export const practiceTimeZone = 'Europe/London';

export const weekdayNames = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
export const shortWeekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
/** en-GB's abbreviations: September is "Sept". */
export const shortMonthNames = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** A calendar day and clock time: month 1–12, weekday 0 (Sunday) to 6. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
}

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/** 01:00 UTC on the last Sunday of `month` (0-based) of `year`: when UK clocks change. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * Whether UK clocks show British Summer Time at `instant`: from 01:00 UTC on the last Sunday of March to
 * 01:00 UTC on the last Sunday of October, the rule since 1996 (earlier instants are never shown with a
 * time here: dates of birth are calendar days, and appointments are recent).
 */
export function isBritishSummerTime(instant: Date): boolean {
  const time = instant.getTime();
  const year = instant.getUTCFullYear();
  return time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9);
}

/** What the practices' clocks and calendars read at `instant`. */
export function practiceWallTime(instant: Date): WallTime {
  const shifted = new Date(instant.getTime() + (isBritishSummerTime(instant) ? hourMs : 0));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

/** A YYYY-MM-DD calendar day as numbers, with its weekday; the day itself, free of any time zone. */
export function calendarDay(date: string): Omit<WallTime, 'hour' | 'minute'> {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return { year, month, day, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() };
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** YYYY-MM-DD of a wall time or calendar day. */
export function isoDay({ year, month, day }: { year: number; month: number; day: number }): string {
  return `${String(year).padStart(4, '0')}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** "09:05" of a wall time: 24-hour, two digits each. */
export function clockTime({ hour, minute }: { hour: number; minute: number }): string {
  return `${twoDigits(hour)}:${twoDigits(minute)}`;
}

/** The practices' zone name at `instant`, as en-GB writes it: "GMT" or "BST". */
export function practiceZoneName(instant: Date): 'GMT' | 'BST' {
  return isBritishSummerTime(instant) ? 'BST' : 'GMT';
}

/** The practice's calendar date at `instant`, YYYY-MM-DD. */
export function practiceDate(instant: Date): string {
  return isoDay(practiceWallTime(instant));
}

/** Minutes since midnight on the practice's clocks at `instant`. */
export function practiceMinutesOfDay(instant: Date): number {
  const { hour, minute } = practiceWallTime(instant);
  return hour * 60 + minute;
}

/** A zone's offset from UTC (milliseconds its wall clock is ahead) at an instant, epoch milliseconds. */
export type ZoneOffset = (instantMs: number) => number;

/** The practices' offset from UTC: an hour in British Summer Time, none in winter. */
export const practiceOffset: ZoneOffset = (instantMs) =>
  isBritishSummerTime(new Date(instantMs)) ? hourMs : 0;

/**
 * The instant at which the practice's clocks show this date and time. When the clocks go back, a time
 * that happens twice takes the earlier instant; a time skipped when they go forward moves on by the gap
 * (01:30 on the spring day is 02:30 BST), as Temporal's 'compatible' disambiguation does.
 */
export function practiceInstant(date: string, time: string): Date {
  const [year, month, day] = parseDate(date);
  return new Date(wallToInstant(Date.UTC(year, month - 1, day) + parseTime(time) * minuteMs, practiceOffset));
}

/**
 * The instant whose wall clock reads `wallMs` (the wall clock's reading as if it were UTC) under
 * `offsetOf`, by practiceInstant's rule: the earlier of two, or on by the gap when the clocks skip it. The
 * offset is sampled half a day either side, so a change in between yields both candidates.
 */
export function wallToInstant(wallMs: number, offsetOf: ZoneOffset): number {
  const early = wallMs - offsetOf(wallMs - dayMs / 2);
  const late = wallMs - offsetOf(wallMs + dayMs / 2);
  const earlyValid = wallMs - offsetOf(early) === early;
  const lateValid = wallMs - offsetOf(late) === late;
  if (earlyValid && lateValid) return Math.min(early, late);
  if (lateValid) return late;
  return early;
}

/**
 * `offsetOf` read once a day from `fromMs` to `toMs` and a few times at each clock change found between
 * (halved to the second): a slot search reads the wall clock of thousands of instants, each then a
 * comparison or two. Assumes at most one change a day, as every zone's rules have; outside the span it
 * answers as `offsetOf` does.
 */
export function zoneOffsets(fromMs: number, toMs: number, offsetOf: ZoneOffset): ZoneOffset {
  const from = Math.floor(fromMs / 1000) * 1000;
  const first = offsetOf(from);
  const changes: { at: number; offset: number }[] = [];
  let before = first;
  for (let day = from; day < toMs; day += dayMs) {
    const end = day + dayMs;
    const after = offsetOf(end);
    if (after === before) continue;
    let steady = day;
    let changed = end;
    while (changed - steady > 1000) {
      const middle = steady + Math.floor((changed - steady) / 2000) * 1000;
      if (offsetOf(middle) === before) steady = middle;
      else changed = middle;
    }
    changes.push({ at: changed, offset: after });
    before = after;
  }
  const last = from + Math.ceil((toMs - from) / dayMs) * dayMs;
  return (instantMs) => {
    if (instantMs < from || instantMs > last) return offsetOf(instantMs);
    let offset = first;
    for (const change of changes) {
      if (instantMs < change.at) break;
      offset = change.offset;
    }
    return offset;
  };
}

function parseDate(date: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`Not an ISO date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Minutes since midnight of an 'HH:MM' time. */
export function parseTime(time: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) throw new Error(`Not an HH:MM time: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** 'HH:MM' of minutes since midnight. */
export function formatTime(minutesOfDay: number): string {
  return clockTime({ hour: Math.floor(minutesOfDay / 60), minute: minutesOfDay % 60 });
}

const toIsoDate = (utcMidnightMs: number) => new Date(utcMidnightMs).toISOString().slice(0, 10);

/** Calendar days forward or back. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = parseDate(date);
  return toIsoDate(Date.UTC(year, month - 1, day + days));
}

/** Calendar months back or forward; the day is capped at 28 so that every month has it. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = parseDate(date);
  return toIsoDate(Date.UTC(year, month - 1 + months, Math.min(day, 28)));
}

/** ISO day of week: 1 = Monday … 7 = Sunday. */
export function isoDayOfWeek(date: string): number {
  const [year, month, day] = parseDate(date);
  return ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
}
