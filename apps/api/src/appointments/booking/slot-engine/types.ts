import type { ZoneOffset } from '@vet/contracts/practice-clock';

/**
 * The slot engine's vocabulary. Instants are epoch milliseconds; intervals are half-open [start, end),
 * as the reservations' tstzrange is, so back-to-back bookings touch without overlapping.
 */
export interface Interval {
  start: number;
  end: number;
}

/** A practice's booking settings (practices table; defaults in R9.21). */
export interface SlotSettings {
  /**
   * The practice's clocks as an offset from UTC at each instant: rotas and the grid are in their local
   * time. The API passes `practiceOffset` (UK time, every practice's: decision 0055); tests pass other
   * zones' to hold the rules in any zone.
   */
  offsetOf: ZoneOffset;
  /** Starts fall on local times whose minute of the day is a multiple of this (a divisor of 60). */
  gridMinutes: number;
  /** No start sooner than this after `now`. */
  minNoticeMinutes: number;
  /** No start this many days or more after `now`. */
  horizonDays: number;
}

/** A break inside a shift, local 'HH:MM'. */
export interface RotaBreak {
  startsAt: string;
  endsAt: string;
}

/** A weekly working period in local time: ISO day (1 = Monday), 'HH:MM', optional validity dates. */
export interface RotaShift {
  dayOfWeek: number;
  startsAt: string;
  endsAt: string;
  /** Inclusive local dates, YYYY-MM-DD; null: open-ended. */
  validFrom: string | null;
  validTo: string | null;
  breaks: readonly RotaBreak[];
}

export interface ClinicianRota {
  clinicianId: number;
  shifts: readonly RotaShift[];
}

/** Time a clinician cannot take: a reservation or an absence; clinicianId null closes the whole practice. */
export interface BusyTime extends Interval {
  clinicianId: number | null;
}

export interface SlotQuery {
  settings: SlotSettings;
  now: Date;
  /** Local dates, inclusive, YYYY-MM-DD. */
  fromDate: string;
  toDate: string;
  durationMinutes: number;
  /** The clinicians of the reason's type, with their rotas. */
  clinicians: readonly ClinicianRota[];
  busy: readonly BusyTime[];
}

/** A start at which each of `clinicianIds` is free for the whole duration (never empty). */
export interface BookableSlot {
  startsAt: number;
  clinicianIds: number[];
}

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;
