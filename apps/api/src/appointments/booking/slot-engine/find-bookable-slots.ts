import { addDays, wallToInstant, zoneOffsets } from '@vet/contracts/practice-clock';
import { gridStarts } from './grid.ts';
import { subtract } from './intervals.ts';
import { daysBetween, instantsIn, localDate, workingIntervals } from './working-time.ts';
import {
  DAY_MS,
  MINUTE_MS,
  type BookableSlot,
  type BusyTime,
  type Interval,
  type SlotQuery,
  type SlotSettings,
} from './types.ts';

/** The instants a search may offer: after the notice, before the horizon, on the asked local dates. */
export function searchableSpan(query: Omit<SlotQuery, 'clinicians' | 'busy' | 'durationMinutes'>): Interval {
  const { settings, now, fromDate, toDate } = query;
  const local = (date: string) => wallToInstant(Date.parse(`${date}T00:00:00Z`), settings.offsetOf);
  return {
    start: Math.max(local(fromDate), now.getTime() + settings.minNoticeMinutes * MINUTE_MS),
    // A start exactly at the horizon is beyond it.
    end: Math.min(local(addDays(toDate, 1)), now.getTime() + settings.horizonDays * DAY_MS),
  };
}

/**
 * The asked dates trimmed to the searchable span (so a request for a century costs no more than the
 * horizon), or null when nothing of them can be offered.
 */
export function trimmedDates(
  query: Omit<SlotQuery, 'clinicians' | 'busy' | 'durationMinutes'>,
): { fromDate: string; toDate: string } | null {
  const span = searchableSpan(query);
  if (span.end <= span.start) return null;
  const { offsetOf } = query.settings;
  const earliest = localDate(span.start, offsetOf);
  const latest = localDate(span.end - 1, offsetOf);
  return {
    fromDate: query.fromDate > earliest ? query.fromDate : earliest,
    toDate: query.toDate < latest ? query.toDate : latest,
  };
}

/**
 * The local dates a search covers when it is not told (GET /v2/...): from today to the horizon's last
 * day, in the practice's zone. Asked dates are kept; the span above trims them.
 */
export function defaultSearchDates(settings: SlotSettings, now: Date): { fromDate: string; toDate: string } {
  return {
    fromDate: localDate(now.getTime(), settings.offsetOf),
    toDate: localDate(now.getTime() + settings.horizonDays * DAY_MS, settings.offsetOf),
  };
}

/**
 * R4.20: the starts at which at least one of the clinicians (all of the reason's type) is free for the
 * whole duration, on the practice's grid, after the minimum notice, before the horizon, on the local
 * dates asked. Each clinician's free time is their rota's working time without breaks, closures of the
 * practice or of the clinician, and reservations; a start is offered with every clinician free for it,
 * so booking can pick one and try the next when a race takes it. Pure: no clock, no I/O.
 */
export function findBookableSlots(query: SlotQuery): BookableSlot[] {
  const { settings, durationMinutes } = query;
  const span = searchableSpan(query);
  const trimmed = trimmedDates(query);
  if (!trimmed || durationMinutes <= 0) return [];
  const durationMs = durationMinutes * MINUTE_MS;
  // A shift on the day before the window may not reach into it, but a day either side is cheap safety.
  const days = daysBetween(addDays(trimmed.fromDate, -1), addDays(trimmed.toDate, 1));
  // The zone's offsets over those dates and then some (a local day is within 14 hours of its UTC day).
  const offsetOf = zoneOffsets(
    Date.parse(`${days[0]!.date}T00:00:00Z`) - 2 * DAY_MS,
    Date.parse(`${days.at(-1)!.date}T00:00:00Z`) + 3 * DAY_MS,
    settings.offsetOf,
  );
  const at = instantsIn(offsetOf);

  // Busy time by clinician, read once: a practice's thousands of reservations, not once per clinician.
  const practiceWide: BusyTime[] = [];
  const busyOf = new Map<number, BusyTime[]>();
  for (const busy of query.busy) {
    if (busy.clinicianId === null) {
      practiceWide.push(busy);
      continue;
    }
    const own = busyOf.get(busy.clinicianId);
    if (own) own.push(busy);
    else busyOf.set(busy.clinicianId, [busy]);
  }
  // The clinicians free at each start, by whole minutes from the span's first: starts are whole
  // minutes in the span, and clinicians taken in id order leave each list sorted.
  const firstMinute = Math.ceil(span.start / MINUTE_MS) * MINUTE_MS;
  const freeAt = new Array<number[] | undefined>(Math.ceil((span.end - firstMinute) / MINUTE_MS) + 1);
  const starts: number[] = [];
  const byId = [...query.clinicians].sort((a, b) => a.clinicianId - b.clinicianId);
  for (const clinician of byId) {
    const working = workingIntervals(clinician.shifts, days, at);
    const inSpan = working
      .map((w) => ({ start: Math.max(w.start, span.start), end: Math.min(w.end, span.end + durationMs) }))
      .filter((w) => w.end > w.start);
    const own = busyOf.get(clinician.clinicianId);
    const taken = own ? practiceWide.concat(own) : practiceWide;
    starts.length = 0;
    for (const free of subtract(inSpan, taken))
      gridStarts(free, durationMs, settings.gridMinutes, offsetOf, starts);
    for (const start of starts) {
      if (start >= span.end) break;
      const index = (start - firstMinute) / MINUTE_MS;
      const ids = freeAt[index];
      if (ids) ids.push(clinician.clinicianId);
      else freeAt[index] = [clinician.clinicianId];
    }
  }
  const slots: BookableSlot[] = [];
  for (let index = 0; index < freeAt.length; index += 1) {
    const clinicianIds = freeAt[index];
    if (clinicianIds) slots.push({ startsAt: firstMinute + index * MINUTE_MS, clinicianIds });
  }
  return slots;
}
