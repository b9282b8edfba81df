import { addDays, isoDayOfWeek } from '@vet/contracts/practice-clock';

export interface BankHoliday {
  date: string;
  name: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Easter Sunday in the Gregorian calendar (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher"). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(day)}`;
}

function firstMonday(year: number, month: number): string {
  const first = `${year}-${pad(month)}-01`;
  return addDays(first, (8 - isoDayOfWeek(first)) % 7);
}

function lastMonday(year: number, month: number): string {
  const last = addDays(firstMonday(year, month + 1), -1);
  return addDays(last, -((isoDayOfWeek(last) + 6) % 7));
}

/** The next Monday on or after a date: where a holiday falling at a weekend moves to. */
function mondayOnOrAfter(date: string): string {
  const day = isoDayOfWeek(date);
  return day <= 5 ? date : addDays(date, 8 - day);
}

/**
 * England and Wales's bank holidays by their standing rules, weekend substitutes included. One-off
 * changes (a moved May holiday for a jubilee, a coronation) are not predictable and not included.
 */
export function bankHolidaysOf(year: number): BankHoliday[] {
  const easter = easterSunday(year);
  const christmas = `${year}-12-25`;
  const christmasDay = isoDayOfWeek(christmas);
  // Christmas and Boxing Day each take the next weekday the other has not taken.
  const [christmasObserved, boxingObserved] =
    christmasDay === 5
      ? [christmas, `${year}-12-28`]
      : christmasDay === 6
        ? [`${year}-12-27`, `${year}-12-28`]
        : christmasDay === 7
          ? [`${year}-12-27`, `${year}-12-26`]
          : [christmas, `${year}-12-26`];
  return [
    { date: mondayOnOrAfter(`${year}-01-01`), name: "New Year's Day" },
    { date: addDays(easter, -2), name: 'Good Friday' },
    { date: addDays(easter, 1), name: 'Easter Monday' },
    { date: firstMonday(year, 5), name: 'Early May bank holiday' },
    { date: lastMonday(year, 5), name: 'Spring bank holiday' },
    { date: lastMonday(year, 8), name: 'Summer bank holiday' },
    { date: christmasObserved, name: 'Christmas Day' },
    { date: boxingObserved, name: 'Boxing Day' },
  ].sort((a, b) => a.date.localeCompare(b.date));
}

/** Bank holidays from one date to another, both included. */
export function bankHolidaysBetween(from: string, to: string): BankHoliday[] {
  const years: number[] = [];
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y += 1) years.push(y);
  return years.flatMap(bankHolidaysOf).filter((h) => h.date >= from && h.date <= to);
}
