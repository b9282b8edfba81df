/**
 * ezyVet answers times as epoch seconds and the site's wall clock is its time zone (v3/siteInformation,
 * https://developers.ezyvet.com/guides/booking.html); the portal's records carry instants as ISO 8601 with
 * their offset, and times of day on the practice's wall clock. Intl is fine here: this is the API's
 * process, not a browser's first paint (decision 0051).
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string): Intl.DateTimeFormat {
  let found = formats.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    formats.set(timeZone, found);
  }
  return found;
}

const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export interface WallClock {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  time: string;
  /** 1 = Monday … 7 = Sunday, as the import's day_of_week. */
  dayOfWeek: number;
  /** +HH:MM */
  offset: string;
  seconds: string;
}

/** An epoch second on the zone's wall clock. */
export function wallClock(epochSeconds: number, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    format(timeZone)
      .formatToParts(new Date(epochSeconds * 1000))
      .map((part) => [part.type, part.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : String(parts.timeZoneName).replace('GMT', '');
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    dayOfWeek: weekdays.indexOf(String(parts.weekday)) + 1,
    offset,
    seconds: String(parts.second),
  };
}

/** An epoch second as ISO 8601 with the zone's offset at that moment (`2026-11-30T09:30:00+00:00`). */
export function instantText(epochSeconds: number, timeZone: string): string {
  const wall = wallClock(epochSeconds, timeZone);
  return `${wall.date}T${wall.time}:${wall.seconds}${wall.offset}`;
}

/** An ISO 8601 instant with its offset as epoch seconds. */
export function epochSeconds(instant: string): number {
  return Math.floor(Date.parse(instant) / 1000);
}
