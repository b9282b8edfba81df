import { calendarDay, monthNames } from '@vet/contracts/practice-clock';

/** "14 March 2025": a calendar date, British style (decision 0051: no `Intl` formatter). */
export function formatCalendarDate(date: string): string {
  const { year, month, day } = calendarDay(date);
  return `${day} ${monthNames[month - 1]} ${year}`;
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * A pet's age on `today` (both YYYY-MM-DD), as an owner says it: "2 years 3 months", "1 year",
 * "5 months", "3 weeks", "Under a week". Whole months count from the day of the month of birth.
 */
export function petAge(dateOfBirth: string, today: string): string {
  const born = calendarDay(dateOfBirth);
  const now = calendarDay(today);
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
