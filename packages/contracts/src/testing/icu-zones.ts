import type { ZoneOffset } from '../practice-clock.ts';

/**
 * Any time zone's clocks as ICU (Node's `Intl`) reads them, for tests only: the oracle the practice
 * clock's UK rule is compared with, and the other zones (New York, Kolkata, Lord Howe) the slot engine's
 * property tests run its rules in. Production code reads the practices' clock (UK time, decision 0055).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's wall clock at an instant, read as if it were UTC: epoch milliseconds, whole seconds. */
function icuWallMs(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** 'YYYY-MM-DD HH:MM': what the zone's clocks show at an instant, by ICU. */
export function icuWallClock(instantMs: number, timeZone: string): string {
  return new Date(icuWallMs(instantMs, timeZone)).toISOString().slice(0, 16).replace('T', ' ');
}

const hourMs = 3_600_000;

/**
 * The zone's offset by ICU. Intl is slow (an oracle asks at every minute), so the offset is asked once per
 * UTC hour: when it is the same at both ends of the hour, no change falls inside (no zone changes its
 * clocks twice within an hour); an hour with a change in it is asked instant by instant.
 */
export function icuOffset(timeZone: string): ZoneOffset {
  const offsetAt = (instantMs: number) => {
    const second = Math.floor(instantMs / 1000) * 1000;
    return icuWallMs(second, timeZone) - second;
  };
  const hours = new Map<number, number | null>();
  return (instantMs) => {
    const hourStart = Math.floor(instantMs / hourMs) * hourMs;
    let steady = hours.get(hourStart);
    if (steady === undefined) {
      const first = offsetAt(hourStart);
      steady = first === offsetAt(hourStart + hourMs - 1000) ? first : null;
      hours.set(hourStart, steady);
    }
    return steady ?? offsetAt(instantMs);
  };
}
