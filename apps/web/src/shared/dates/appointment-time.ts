import { practiceTimeZone } from '@vet/contracts/practice-rules';
import { lazyDateFormat } from '@vet/contracts/lazy-date-format';

const parts = lazyDateFormat('en-GB', {
  timeZone: practiceTimeZone,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * "Tuesday 24 November 2026, 10:30" in UK time. Assembled from parts, because ICU versions (Node's,
 * each browser's) disagree on the commas and the "at" of the ready-made long formats.
 */
export function formatAppointmentTime(iso: string): string {
  const part = partsOf(parts(), new Date(iso));
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')}`;
}

/** The date's parts, formatted once, by type ('' for a part the format does not have). */
function partsOf(format: Intl.DateTimeFormat, date: Date): (type: Intl.DateTimeFormatPartTypes) => string {
  const formatted = format.formatToParts(date);
  return (type) => formatted.find((p) => p.type === type)?.value ?? '';
}

const zoneName = lazyDateFormat('en-GB', { timeZone: practiceTimeZone, timeZoneName: 'short' });
const localDateParts = lazyDateFormat('en-GB', {
  timeZone: practiceTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** "GMT" or "BST": what the practice's clocks read at that instant. */
export function practiceZoneLabel(iso: string): string {
  const name = zoneName()
    .formatToParts(new Date(iso))
    .find((p) => p.type === 'timeZoneName')?.value;
  return name === 'BST' || name === 'GMT+1' ? 'BST' : 'GMT';
}

/** "Tuesday 24 November 2026, 10:30 GMT": the practice's time, labelled, so no one reads it as their own. */
export function formatLabelledAppointmentTime(iso: string): string {
  return `${formatAppointmentTime(iso)} ${practiceZoneLabel(iso)}`;
}

/** "10:30" on the practice's clocks. */
export function formatPracticeClock(iso: string): string {
  const full = formatAppointmentTime(iso);
  return full.slice(full.lastIndexOf(' ') + 1);
}

/** The practice's calendar date of an instant, YYYY-MM-DD. */
export function practiceDate(iso: string): string {
  const part = partsOf(localDateParts(), new Date(iso));
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const dayFormat = lazyDateFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});
const shortDayFormat = lazyDateFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});

function formatDate(format: () => Intl.DateTimeFormat, date: string): string {
  const part = partsOf(format(), new Date(`${date}T12:00:00Z`));
  return `${part('weekday')} ${part('day')} ${part('month')}`;
}

/** "Tuesday 1 December" for a YYYY-MM-DD date. */
export function formatPracticeDay(date: string): string {
  return formatDate(dayFormat, date);
}

/** "Tue 1 Dec" for a YYYY-MM-DD date. */
export function formatShortPracticeDay(date: string): string {
  return formatDate(shortDayFormat, date);
}
