import { addDays, isoDayOfWeek, parseTime, wallToInstant } from '@vet/contracts/practice-clock';
import { MINUTE_MS, type BookableSlot, type RotaShift, type SlotQuery } from './types.ts';

/**
 * The slot engine's oracle for tests: the same rules, read as literally as possible, minute by minute.
 * No interval arithmetic, no stepping: each minute of each candidate start is asked whether the clinician
 * works then, is on a break, or is busy. Slow by design; only for small windows.
 */
export function bruteForceSlots(query: SlotQuery): BookableSlot[] {
  const { settings, now, durationMinutes } = query;
  // The zone's own offsets at every instant asked, never the engine's once-a-day reading (zoneOffsets).
  const { offsetOf } = settings;
  const cache = new Map<string, number>();
  const at = (date: string, time: string) => {
    const key = `${date} ${time}`;
    let instant = cache.get(key);
    if (instant === undefined) {
      const wall = Date.parse(`${date}T00:00:00Z`) + parseTime(time) * MINUTE_MS;
      cache.set(key, (instant = wallToInstant(wall, offsetOf)));
    }
    return instant;
  };
  const first = at(addDays(query.fromDate, -1), '00:00');
  const last = at(addDays(query.toDate, 2), '00:00');

  const worksIn = (shift: RotaShift, date: string, minute: number) => {
    if (shift.dayOfWeek !== isoDayOfWeek(date)) return false;
    if (shift.validFrom !== null && date < shift.validFrom) return false;
    if (shift.validTo !== null && date > shift.validTo) return false;
    if (minute < at(date, shift.startsAt) || minute >= at(date, shift.endsAt)) return false;
    return !shift.breaks.some((b) => minute >= at(date, b.startsAt) && minute < at(date, b.endsAt));
  };
  // The wall clock of each minute, asked of the zone itself (half-hour zones roll over mid UTC hour).
  const wallClock = (instant: number) => {
    const wall = new Date(instant + offsetOf(instant));
    return { date: wall.toISOString().slice(0, 10), minute: wall.getUTCHours() * 60 + wall.getUTCMinutes() };
  };
  const known = new Map<string, boolean>();
  const freeAt = (clinicianId: number, shifts: readonly RotaShift[], minute: number) => {
    const key = `${clinicianId} ${minute}`;
    let free = known.get(key);
    if (free === undefined) known.set(key, (free = computeFreeAt(clinicianId, shifts, minute)));
    return free;
  };
  const computeFreeAt = (clinicianId: number, shifts: readonly RotaShift[], minute: number) => {
    const dates = [-1, 0, 1].map((d) => addDays(wallClock(minute).date, d));
    if (!dates.some((date) => shifts.some((shift) => worksIn(shift, date, minute)))) return false;
    return !query.busy.some(
      (b) => (b.clinicianId === null || b.clinicianId === clinicianId) && minute >= b.start && minute < b.end,
    );
  };

  const slots: BookableSlot[] = [];
  for (let start = first; start < last; start += MINUTE_MS) {
    const { date, minute } = wallClock(start);
    if (date < query.fromDate || date > query.toDate) continue;
    if (start < now.getTime() + settings.minNoticeMinutes * MINUTE_MS) continue;
    if (start >= now.getTime() + settings.horizonDays * 24 * 60 * MINUTE_MS) continue;
    if (minute % settings.gridMinutes !== 0) continue;
    const clinicianIds = query.clinicians
      .filter((c) => {
        for (let m = 0; m < durationMinutes; m += 1) {
          if (!freeAt(c.clinicianId, c.shifts, start + m * MINUTE_MS)) return false;
        }
        return true;
      })
      .map((c) => c.clinicianId)
      .sort((a, b) => a - b);
    if (clinicianIds.length > 0) slots.push({ startsAt: start, clinicianIds });
  }
  return slots;
}
