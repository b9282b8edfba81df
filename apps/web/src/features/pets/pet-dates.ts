import { lazyDateFormat } from '@vet/contracts/lazy-date-format';

/** A YYYY-MM-DD date as parts; the calendar day itself, free of any time zone. */
function dateParts(date: string): { year: number; month: number; day: number } {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return { year, month, day };
}

const longDate = lazyDateFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "14 March 2025": a calendar date, British style. */
export function formatCalendarDate(date: string): string {
  const { year, month, day } = dateParts(date);
  return longDate().format(new Date(Date.UTC(year, month - 1, day)));
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * A pet's age on `today` (both YYYY-MM-DD), as an owner says it: "2 years 3 months", "1 year",
 * "5 months", "3 weeks", "Under a week". Whole months count from the day of the month of birth.
 */
export function petAge(dateOfBirth: string, today: string): string {
  const born = dateParts(dateOfBirth);
  const now = dateParts(today);
  const months = (now.year - born.year) * 12 + (now.month - born.month) - (now.day < born.day ? 1 : 0);
  if (months >= 12) {
    const years = Math.floor(months / 12);
    const rest = months % 12;
    return rest === 0 ? plural(years, 'year') : `${plural(years, 'year')} ${plural(rest, 'month')}`;
  }
  if (months >= 1) return plural(months, 'month');
  const days = Math.round(
    (Date.UTC(now.year, now.month - 1, now.day) - Date.UTC(born.year, born.month - 1, born.day)) / 86_400_000,
  );
  return days >= 7 ? plural(Math.floor(days / 7), 'week') : 'Under a week';
}
