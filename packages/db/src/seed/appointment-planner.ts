import {
  addDays,
  formatTime,
  isoDayOfWeek,
  parseTime,
  practiceDate,
  practiceInstant,
} from '@vet/contracts/practice-clock';
import type { PlannedClosure } from './closures.ts';
import type { ClinicianKind, ShiftSeed } from './data/types.ts';

export interface PlannerClinician {
  key: string;
  type: ClinicianKind;
  rota: readonly ShiftSeed[];
}

export interface AppointmentRequest {
  practice: string;
  /** The practice's clinicians, in a fixed order. */
  clinicians: readonly PlannerClinician[];
  clinicianType: ClinicianKind;
  durationMinutes: number;
  /** Days from today in the practice's zone; negative = in the past. */
  day: number;
  /** Preferred local start, HH:MM. */
  time: string;
}

export interface PlannedAppointment {
  clinician: string;
  startsAt: Date;
  endsAt: Date;
}

export interface PlannerOptions {
  gridMinutes: number;
  /** A future appointment starts at least this long after now, as a booking through the portal would. */
  minNoticeMinutes: number;
  /** How many days away from the requested day to look before giving up (a data error). */
  searchDays: number;
}

const DEFAULTS: PlannerOptions = { gridMinutes: 15, minNoticeMinutes: 120, searchDays: 60 };

interface Candidate {
  clinician: PlannerClinician;
  startMinutes: number;
  /** Minutes between this start and the preferred one. */
  distance: number;
  rank: number;
}

/** A receptionist offers another day before a time more than this far from the one asked for. */
const PREFERRED_TIME_TOLERANCE_MINUTES = 120;

const overlaps = (a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }) =>
  a.startsAt < b.endsAt && b.startsAt < a.endsAt;

/**
 * Gives every requested appointment a clinician and a time the way a receptionist would: on the
 * requested day (or the nearest working day further from today), at the preferred time or the nearest
 * free one, inside a shift of a clinician of the right type, outside breaks and closures, never
 * overlapping another planned appointment of that clinician, and in the past or the future as asked.
 * Pure and deterministic: the same requests and "now" always give the same plan.
 */
export function planAppointments(
  requests: readonly AppointmentRequest[],
  closures: readonly PlannedClosure[],
  now: Date,
  options: Partial<PlannerOptions> = {},
): PlannedAppointment[] {
  const settings = { ...DEFAULTS, ...options };
  const taken: PlannedAppointment[] = [];
  return requests.map((request, index) => {
    const planned = planOne(request, index, closures, taken, now, settings);
    taken.push(planned);
    return planned;
  });
}

function planOne(
  request: AppointmentRequest,
  index: number,
  closures: readonly PlannedClosure[],
  taken: readonly PlannedAppointment[],
  now: Date,
  settings: PlannerOptions,
): PlannedAppointment {
  if (request.day === 0) throw new Error('An appointment request is in the past or the future, not today');
  const inFuture = request.day > 0;
  const today = practiceDate(now);
  const earliestStart = new Date(now.getTime() + settings.minNoticeMinutes * 60_000);
  const eligible = request.clinicians.filter((c) => c.type === request.clinicianType);
  // Rotating the starting clinician spreads the appointments over the team.
  const order = eligible.map((_, i) => eligible[(i + index) % eligible.length]!);

  const isFree = (slot: PlannedAppointment) =>
    (inFuture ? slot.startsAt >= earliestStart : slot.endsAt <= now) &&
    !closures.some(
      (c) =>
        c.practice === request.practice &&
        (c.clinician === null || c.clinician === slot.clinician) &&
        overlaps(c, slot),
    ) &&
    !taken.some((other) => other.clinician === slot.clinician && overlaps(other, slot));

  // First a time near the preferred one on the nearest day possible; failing that, any time at all.
  for (const tolerance of [PREFERRED_TIME_TOLERANCE_MINUTES, Infinity]) {
    for (let step = 0; step < settings.searchDays; step += 1) {
      const date = addDays(today, request.day + (inFuture ? step : -step));
      const found = candidatesOn(date, order, request, settings.gridMinutes)
        .filter((c) => c.distance <= tolerance)
        .map((c) => toSlot(c, date, request))
        .find(isFree);
      if (found) return found;
    }
  }
  throw new Error(
    `No time found for a ${request.clinicianType} appointment at ${request.practice} around day ${request.day}`,
  );
}

function toSlot(candidate: Candidate, date: string, request: AppointmentRequest): PlannedAppointment {
  const startsAt = practiceInstant(date, formatTime(candidate.startMinutes));
  return {
    clinician: candidate.clinician.key,
    startsAt,
    endsAt: new Date(startsAt.getTime() + request.durationMinutes * 60_000),
  };
}

/** Every grid start inside a shift of that day, clear of its breaks, nearest the preferred time first. */
function candidatesOn(
  date: string,
  clinicians: readonly PlannerClinician[],
  request: AppointmentRequest,
  gridMinutes: number,
): Candidate[] {
  const dayOfWeek = isoDayOfWeek(date);
  const preferred = parseTime(request.time);
  const candidates: Candidate[] = [];
  clinicians.forEach((clinician, clinicianRank) => {
    for (const shift of clinician.rota.filter((s) => s.day === dayOfWeek)) {
      const shiftEnd = parseTime(shift.end);
      for (
        let start = parseTime(shift.start);
        start + request.durationMinutes <= shiftEnd;
        start += gridMinutes
      ) {
        const end = start + request.durationMinutes;
        if (shift.breaks.some(([from, to]) => start < parseTime(to) && parseTime(from) < end)) continue;
        // Ties go to the later time, then to the clinician earlier in the rotation.
        const distance = start >= preferred ? start - preferred : preferred - start;
        const rank = (distance * 2 + (start >= preferred ? 0 : 1)) * 100 + clinicianRank;
        candidates.push({ clinician, startMinutes: start, distance, rank });
      }
    }
  });
  return candidates.sort((a, b) => a.rank - b.rank);
}
