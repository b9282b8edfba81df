import { addDays, practiceDate, practiceInstant, practiceMinutesOfDay } from '@vet/contracts/practice-clock';

/** No reminder reaches a client between 20:00 and 08:00 practice time (R2.40, decision 0085). */
export const quietHoursStart = '20:00';
export const quietHoursEnd = '08:00';

const startMinutes = 20 * 60;
const endMinutes = 8 * 60;

/** Whether the practices' clocks (UK time, GMT or BST) read between 20:00 and 08:00 at `instant`. */
export function isQuietHours(instant: Date): boolean {
  const minutes = practiceMinutesOfDay(instant);
  return minutes >= startMinutes || minutes < endMinutes;
}

/** `instant` itself outside quiet hours, else the 08:00 that ends them (that morning, or the next). */
export function endOfQuietHours(instant: Date): Date {
  if (!isQuietHours(instant)) return instant;
  const today = practiceDate(instant);
  const day = practiceMinutesOfDay(instant) >= startMinutes ? addDays(today, 1) : today;
  return practiceInstant(day, quietHoursEnd);
}
