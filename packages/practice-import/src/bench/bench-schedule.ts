import { addDays, formatTime, parseTime, practiceInstant } from '@vet/contracts/practice-clock';
import { practiceInstantText } from '../demo/practice-time-text.ts';
import type { BenchShape } from './bench-shape.ts';

/** A weekly shift on the practice's clock: ISO day of week, times HH:MM, breaks as [start, end]. */
export interface BenchShift {
  day: number;
  start: string;
  end: string;
  breaks: readonly (readonly [string, string])[];
}

/** Every practice opens Monday to Friday 08:00–19:00 and Saturday morning. */
export const BENCH_OPENING_HOURS = [
  ...[1, 2, 3, 4, 5].map((day) => ({ day, opens: '08:00', closes: '19:00' })),
  { day: 6, opens: '09:00', closes: '13:00' },
];

const weekdays = (days: readonly number[], start: string, end: string, breaks: BenchShift['breaks']) =>
  days.map((day) => ({ day, start, end, breaks }));
const SATURDAY: BenchShift = { day: 6, start: '09:00', end: '13:00', breaks: [] };

/**
 * The clinician's weekly rota, by its place in the practice: vets 08:30–18:30 with an hour's lunch, one
 * in four working Saturday morning instead of Friday; nurses 08:00–16:30 with half an hour's lunch.
 */
export function benchRota(shape: BenchShape, indexInPractice: number): BenchShift[] {
  if (indexInPractice >= shape.vetsPerPractice) {
    return weekdays([1, 2, 3, 4, 5], '08:00', '16:30', [['12:30', '13:00']]);
  }
  const lunch = [['13:00', '14:00']] as const;
  return indexInPractice % 4 === 3
    ? [...weekdays([1, 2, 3, 4], '08:30', '18:30', lunch), SATURDAY]
    : weekdays([1, 2, 3, 4, 5], '08:30', '18:30', lunch);
}

/** Appointments start on the half hour and last at most 30 minutes: each takes a cell of its own. */
const CELL_MINUTES = 30;

export interface Cell {
  day: number;
  /** Minutes since midnight. */
  start: number;
}

/** The rota's half-hour cells in a week, in order, clear of breaks. */
export function weekCells(rota: readonly BenchShift[]): Cell[] {
  const cells: Cell[] = [];
  for (const shift of rota) {
    for (
      let start = parseTime(shift.start);
      start + CELL_MINUTES <= parseTime(shift.end);
      start += CELL_MINUTES
    ) {
      const end = start + CELL_MINUTES;
      if (shift.breaks.some(([from, to]) => start < parseTime(to) && parseTime(from) < end)) continue;
      cells.push({ day: shift.day, start });
    }
  }
  return cells;
}

/**
 * Where appointment `n` (0-based) of a clinician falls: the first `futurePerClinician` in the three weeks
 * after the anchor week, every few cells; the rest week by week back from the anchor week. Distinct
 * appointments of one clinician take distinct cells, so they never overlap.
 */
export function appointmentCell(
  shape: BenchShape,
  cells: readonly Cell[],
  clinician: number,
  n: number,
): { weeksFromAnchor: number; cell: Cell } {
  const future = n < shape.futurePerClinician;
  const count = future ? shape.futurePerClinician : shape.appointmentsPerClinician - shape.futurePerClinician;
  const available = future ? cells.length * 3 : Number.POSITIVE_INFINITY;
  const stride = future ? Math.floor(available / count) : 3;
  const index = (future ? n : n - shape.futurePerClinician) * stride + (clinician % stride);
  const week = Math.floor(index / cells.length);
  const cell = cells[index % cells.length];
  if (!cell) throw new Error('a clinician with no cells');
  return { weeksFromAnchor: future ? 1 + week : -1 - week, cell };
}

/**
 * Dates and UK offsets of the days around the anchor: the appointments' instants are written without a
 * Date each (ten million of them), and clocks change at 01:00 UTC, outside any practice's hours.
 */
export class DayClock {
  private readonly days = new Map<number, { date: string; offset: string }>();
  constructor(private readonly anchorMonday: string) {}

  day(daysFromAnchor: number): { date: string; offset: string } {
    let found = this.days.get(daysFromAnchor);
    if (!found) {
      const date = addDays(this.anchorMonday, daysFromAnchor);
      found = { date, offset: practiceInstantText(practiceInstant(date, '12:00')).slice(-6) };
      this.days.set(daysFromAnchor, found);
    }
    return found;
  }

  instant(daysFromAnchor: number, minutes: number): string {
    const { date, offset } = this.day(daysFromAnchor);
    return `${date}T${formatTime(minutes)}:00${offset}`;
  }
}

export interface BenchClosure {
  practice: number;
  /** 0-based place of the clinician in the practice, or null for the whole practice. */
  clinicianInPractice: number | null;
  startsAt: string;
  endsAt: string;
  reason: string;
}

/**
 * Closure `i`: a clinician's week of leave or a practice's training afternoon, in weeks 5 to 12 after the
 * anchor week, beyond every booking, and spread so that no two of one practice meet.
 */
export function benchClosure(shape: BenchShape, anchorMonday: string, i: number): BenchClosure {
  const practice = (i * 7) % shape.practices;
  const monday = addDays(anchorMonday, 7 * (5 + (i % 8)));
  const at = (date: string, time: string) => practiceInstantText(practiceInstant(date, time));
  if (i % 3 === 2) {
    const thursday = addDays(monday, 3);
    return {
      practice,
      clinicianInPractice: null,
      startsAt: at(thursday, '14:00'),
      endsAt: at(thursday, '19:00'),
      reason: 'Staff training',
    };
  }
  return {
    practice,
    clinicianInPractice: i % shape.cliniciansPerPractice,
    startsAt: at(monday, '00:00'),
    endsAt: at(addDays(monday, 6), '00:00'),
    reason: 'Annual leave',
  };
}
