/**
 * Wall-clock time in a named time zone (rotas and opening hours are stored in the practice's local time)
 * to and from UTC instants, with nothing but Intl: the process's own TZ never matters.
 *
 * Dates are ISO calendar dates ('2026-03-29'); times are 'HH:MM' on a 24-hour clock.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * en-GB formatters with these options, one per zone, each made at its first use: making an
 * Intl.DateTimeFormat costs far more than using one.
 */
export function zoneFormatters(
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): (timeZone: string) => Intl.DateTimeFormat {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let formatter = formatters.get(timeZone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
      formatters.set(timeZone, formatter);
    }
    return formatter;
  };
}

const formatterFor = zoneFormatters({
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * The zone's wall clock at an instant. Intl is slow (a slot search asks thousands of times), so the
 * offset is looked up once per UTC hour and zone: when it is the same at both ends of the hour, no
 * transition falls inside (no zone changes its clocks twice within an hour) and the wall clock is plain
 * arithmetic; an hour with a transition in it is answered by Intl, instant by instant.
 */
function wallClockAt(instantMs: number, timeZone: string): WallClock {
  const offset = steadyOffset(instantMs, timeZone);
  if (offset === null) return intlWallClockAt(instantMs, timeZone);
  const wall = new Date(instantMs + offset);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** Offsets by zone, then UTC hour (null: the offset changes within it); bounded, as instants are not. */
const hourOffsets = new Map<string, Map<number, number | null>>();
const MAX_HOUR_OFFSETS = 100_000;

function steadyOffset(instantMs: number, timeZone: string): number | null {
  const hourStart = Math.floor(instantMs / HOUR_MS) * HOUR_MS;
  let zone = hourOffsets.get(timeZone);
  if (!zone) hourOffsets.set(timeZone, (zone = new Map<number, number | null>()));
  let offset = zone.get(hourStart);
  if (offset === undefined) {
    const first = intlOffsetAt(hourStart, timeZone);
    offset = first === intlOffsetAt(hourStart + HOUR_MS - 1000, timeZone) ? first : null;
    if (zone.size >= MAX_HOUR_OFFSETS) zone.clear();
    zone.set(hourStart, offset);
  }
  return offset;
}

function intlOffsetAt(instantMs: number, timeZone: string): number {
  const wall = intlWallClockAt(instantMs, timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(instantMs / 1000) * 1000;
}

function intlWallClockAt(instantMs: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far the zone's wall clock is ahead of UTC at this instant (BST: one hour). */
function offsetAt(instantMs: number, timeZone: string): number {
  const wall = wallClockAt(instantMs, timeZone);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return wallAsUtc - Math.floor(instantMs / 1000) * 1000;
}

function parseDate(date: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`Not an ISO date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

export function parseTime(time: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) throw new Error(`Not an HH:MM time: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

export function formatTime(minutesOfDay: number): string {
  const hours = Math.floor(minutesOfDay / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutesOfDay % 60).padStart(2, '0')}`;
}

/**
 * The instant at which the zone's clocks show this date and time. The offset is sampled half a day
 * either side, so a transition in between yields both candidates: an ambiguous time (clocks going back)
 * takes the earlier instant, and a time skipped by clocks going forward moves on by the gap, as
 * Temporal's 'compatible' disambiguation does.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = parseDate(date);
  const wallMs = Date.UTC(year, month - 1, day) + parseTime(time) * MINUTE_MS;
  return new Date(wallToInstant(wallMs, (instantMs) => offsetAt(instantMs, timeZone)));
}

/** A zone's offset from UTC (milliseconds the wall clock is ahead) at an instant. */
export type ZoneOffset = (instantMs: number) => number;

/**
 * The instant whose wall clock reads `wallMs` (the wall clock's reading as if it were UTC), by
 * zonedTimeToUtc's rule: the earlier of two, or on by the gap when the clocks skip it.
 */
export function wallToInstant(wallMs: number, offsetOf: ZoneOffset): number {
  const early = wallMs - offsetOf(wallMs - DAY_MS / 2);
  const late = wallMs - offsetOf(wallMs + DAY_MS / 2);
  const earlyValid = wallMs - offsetOf(early) === early;
  const lateValid = wallMs - offsetOf(late) === late;
  if (earlyValid && lateValid) return Math.min(early, late);
  if (lateValid) return late;
  return early;
}

/**
 * The zone's offset at any instant, Intl asked only once a day from `fromMs` to `toMs` and a few times
 * at each clock change found between (halved to the second): a slot search reads the wall clock of
 * thousands of instants, each then two comparisons. Assumes at most one change a day, as every zone's
 * rules have; outside the span it answers as zonedDate does.
 */
export function zoneOffsets(fromMs: number, toMs: number, timeZone: string): ZoneOffset {
  const offsetOf = (instantMs: number) => offsetAt(instantMs, timeZone);
  const from = Math.floor(fromMs / 1000) * 1000;
  const first = offsetOf(from);
  const changes: { at: number; offset: number }[] = [];
  let before = first;
  for (let day = from; day < toMs; day += DAY_MS) {
    const end = day + DAY_MS;
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
  const last = from + Math.ceil((toMs - from) / DAY_MS) * DAY_MS;
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

/** The calendar date the zone's clocks show at this instant. */
export function zonedDate(instant: Date, timeZone: string): string {
  const wall = wallClockAt(instant.getTime(), timeZone);
  return toIsoDate(Date.UTC(wall.year, wall.month - 1, wall.day));
}

/** Minutes since local midnight that the zone's clocks show at this instant. */
export function zonedMinutesOfDay(instant: Date, timeZone: string): number {
  const wall = wallClockAt(instant.getTime(), timeZone);
  return wall.hour * 60 + wall.minute;
}

function toIsoDate(utcMidnightMs: number): string {
  return new Date(utcMidnightMs).toISOString().slice(0, 10);
}

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
