/**
 * The practices' clocks (UK time, `practiceTimeZone`) and British date words, by arithmetic instead of
 * `Intl` (decision 0051). A browser's first `Intl.DateTimeFormat` loads its locale data on the main
 * thread: 110–200 ms at Lighthouse's 4× slower CPU, inside the task that hydrates every page showing a
 * date (the dashboard, the appointments, a pet's page). The words are en-GB's as Node's and Chromium's ICU
 * write them (unit tests compare every month and weekday, and the clocks around every change from 1996 to
 * 2099, with `Intl`), and the server and the browser now share one table, so their ICU versions cannot
 * disagree in a hydrated page.
 */

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

const hourMs = 3_600_000;

/** 01:00 UTC on the last Sunday of `month` (0-based) of `year`: when UK clocks change. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * Whether UK clocks show British Summer Time at `instant`: from 01:00 UTC on the last Sunday of March to
 * 01:00 UTC on the last Sunday of October, the rule since 1996 (earlier instants are never shown with a
 * time here: dates of birth are calendar days).
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
