import { addDays, isoDayOfWeek, practiceDate, practiceInstant } from '@vet/contracts/practice-clock';
import { clinicianKey } from './data/practices.ts';
import type { PracticeSeed } from './data/types.ts';
import { bankHolidaysBetween } from './bank-holidays.ts';

export interface PlannedClosure {
  practice: string;
  /** A clinician's key (see clinicianKey) for a clinician's absence; null closes the whole practice. */
  clinician: string | null;
  startsAt: Date;
  endsAt: Date;
  reason: string;
}

/** How far back and ahead bank-holiday closures are written: the demo's past appointments and beyond. */
const BANK_HOLIDAYS_BACK_DAYS = 430;
const BANK_HOLIDAYS_AHEAD_DAYS = 365;

const LEAVE = {
  practice: 'Willowbrook Vets Clapham',
  clinician: { firstName: 'Helen', lastName: 'Marsh' },
} as const;
const TRAINING_PRACTICE = 'Willowbrook Vets Didsbury';

/**
 * Closures relative to the seed's "now", so the slot search always has some to respect: every bank
 * holiday of the year ahead (and of the demo's past) at every practice, a week's leave for one vet next
 * week but one, and a staff-training afternoon next week.
 */
export function planClosures(practices: readonly PracticeSeed[], now: Date): PlannedClosure[] {
  const today = practiceDate(now);
  const at = practiceInstant;
  const holidays = bankHolidaysBetween(
    addDays(today, -BANK_HOLIDAYS_BACK_DAYS),
    addDays(today, BANK_HOLIDAYS_AHEAD_DAYS),
  );
  const closures: PlannedClosure[] = practices.flatMap((practice) =>
    holidays.map((holiday) => ({
      practice: practice.name,
      clinician: null,
      startsAt: at(holiday.date, '00:00'),
      endsAt: at(addDays(holiday.date, 1), '00:00'),
      reason: holiday.name,
    })),
  );

  const nextMonday = addDays(today, 8 - isoDayOfWeek(today));
  const leaveStarts = addDays(nextMonday, 7);
  closures.push({
    practice: LEAVE.practice,
    clinician: clinicianKey(LEAVE.practice, LEAVE.clinician),
    startsAt: at(leaveStarts, '00:00'),
    endsAt: at(addDays(leaveStarts, 5), '00:00'),
    reason: 'Annual leave',
  });
  const trainingDay = addDays(nextMonday, 3);
  closures.push({
    practice: TRAINING_PRACTICE,
    clinician: null,
    startsAt: at(trainingDay, '14:00'),
    endsAt: at(trainingDay, '19:00'),
    reason: 'Staff training',
  });
  return closures;
}
