import {
  calendarDay,
  clockTime,
  isoDay,
  monthNames,
  practiceWallTime,
  practiceZoneName,
  shortMonthNames,
  shortWeekdayNames,
  weekdayNames,
} from '@vet/contracts/practice-clock';

/**
 * Dates and times on the practices' clocks (UK time), British style. Written from the practice clock's
 * parts, not by `Intl` (decision 0051): a browser's first formatter costs a phone its locale data inside
 * the task that hydrates the page. The API computes slots and writes e-mails by the same clock, and every
 * practice keeps UK time (decision 0055), so a slot answer's `timeZone` needs no reading here.
 */

/** "Tuesday 24 November 2026, 10:30" in UK time. */
export function formatAppointmentTime(iso: string): string {
  const time = practiceWallTime(new Date(iso));
  return `${weekdayNames[time.weekday]} ${time.day} ${monthNames[time.month - 1]} ${time.year}, ${clockTime(time)}`;
}

/** "GMT" or "BST": what the practice's clocks read at that instant. */
export function practiceZoneLabel(iso: string): string {
  return practiceZoneName(new Date(iso));
}

/** "Tuesday 24 November 2026, 10:30 GMT": the practice's time, labelled, so no one reads it as their own. */
export function formatLabelledAppointmentTime(iso: string): string {
  return `${formatAppointmentTime(iso)} ${practiceZoneLabel(iso)}`;
}

/** "10:30" on the practice's clocks. */
export function formatPracticeClock(iso: string): string {
  return clockTime(practiceWallTime(new Date(iso)));
}

/** The practice's calendar date of an instant, YYYY-MM-DD. */
export function practiceDate(iso: string): string {
  return isoDay(practiceWallTime(new Date(iso)));
}

/** "Tuesday 1 December" for a YYYY-MM-DD date. */
export function formatPracticeDay(date: string): string {
  const { weekday, day, month } = calendarDay(date);
  return `${weekdayNames[weekday]} ${day} ${monthNames[month - 1]}`;
}

/** "Tue 1 Dec" for a YYYY-MM-DD date. */
export function formatShortPracticeDay(date: string): string {
  const { weekday, day, month } = calendarDay(date);
  return `${shortWeekdayNames[weekday]} ${day} ${shortMonthNames[month - 1]}`;
}

/** "1 December 2026" for a YYYY-MM-DD date. */
export function formatLongDate(date: string): string {
  const { day, month, year } = calendarDay(date);
  return `${day} ${monthNames[month - 1]} ${year}`;
}
