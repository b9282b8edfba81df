import type { OpeningHours, PracticeClosure } from '@vet/contracts/home-practice';
import {
  addDays,
  clockTime,
  isoDayOfWeek,
  practiceInstant,
  practiceWallTime,
  weekdayNames,
} from '@vet/contracts/practice-clock';
import { formatPracticeDay, practiceDate } from '@/shared/dates/appointment-time';

/** Part of today's hours the practice is closed, on its clocks, within its opening hours. */
export interface ClosedPart {
  from: string;
  to: string;
  reason: string | null;
}

export interface OpeningDay {
  /** ISO day of week, 1 = Monday. */
  dayOfWeek: number;
  name: string;
  /** The usual hours; null on a day the practice does not open. */
  hours: { opens: string; closes: string } | null;
  today: boolean;
  /** Today only: a closure over all of today's hours (its reason), else null. */
  closedAllDay: { reason: string | null } | null;
  /** Today only: closures over part of today's hours. */
  closedParts: ClosedPart[];
}

const ms = (iso: string) => new Date(iso).getTime();
const clock = (instantMs: number) => clockTime(practiceWallTime(new Date(instantMs)));

/**
 * The practice's week, Monday first, with `today` (YYYY-MM-DD on the practice's calendar) marked and the
 * closures that fall in today's opening hours on it: one covering every open hour closes the day, others
 * close part of it (the part within its hours). Closures of other days are listed apart (`describeClosure`).
 */
export function openingWeek(
  hours: readonly OpeningHours[],
  closures: readonly PracticeClosure[],
  today: string,
): OpeningDay[] {
  const todayOfWeek = isoDayOfWeek(today);
  return [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => {
    const found = hours.find((row) => row.dayOfWeek === dayOfWeek);
    const day: OpeningDay = {
      dayOfWeek,
      name: weekdayNames[dayOfWeek % 7] ?? '',
      hours: found ? { opens: found.opens, closes: found.closes } : null,
      today: dayOfWeek === todayOfWeek,
      closedAllDay: null,
      closedParts: [],
    };
    if (!day.today || !day.hours) return day;
    const opens = practiceInstant(today, day.hours.opens).getTime();
    const closes = practiceInstant(today, day.hours.closes).getTime();
    const overlapping = closures.filter(
      (closure) => ms(closure.startsAt) < closes && ms(closure.endsAt) > opens,
    );
    const allDay = overlapping.find(
      (closure) => ms(closure.startsAt) <= opens && ms(closure.endsAt) >= closes,
    );
    if (allDay) return { ...day, closedAllDay: { reason: allDay.reason } };
    return {
      ...day,
      closedParts: overlapping.map((closure) => ({
        from: clock(Math.max(ms(closure.startsAt), opens)),
        to: clock(Math.min(ms(closure.endsAt), closes)),
        reason: closure.reason,
      })),
    };
  });
}

const isMidnight = (iso: string) => {
  const { hour, minute } = practiceWallTime(new Date(iso));
  return hour === 0 && minute === 0;
};

/**
 * When a closure is, in words on the practice's clocks: "Friday 25 December" for a whole day, "Thursday
 * 24 December to Saturday 26 December" for whole days, "Thursday 3 December, 14:00 to 19:00" within a day,
 * else both ends with their days.
 */
export function describeClosure({ startsAt, endsAt }: Pick<PracticeClosure, 'startsAt' | 'endsAt'>): string {
  const startDay = practiceDate(startsAt);
  const endDay = practiceDate(endsAt);
  if (isMidnight(startsAt) && isMidnight(endsAt)) {
    const lastDay = addDays(endDay, -1);
    return lastDay <= startDay
      ? formatPracticeDay(startDay)
      : `${formatPracticeDay(startDay)} to ${formatPracticeDay(lastDay)}`;
  }
  const from = clockTime(practiceWallTime(new Date(startsAt)));
  const to = clockTime(practiceWallTime(new Date(endsAt)));
  if (startDay === endDay) return `${formatPracticeDay(startDay)}, ${from} to ${to}`;
  return `${formatPracticeDay(startDay)}, ${from} to ${formatPracticeDay(endDay)}, ${to}`;
}
