import type { AppointmentSlot } from '@vet/contracts/appointment-booking';
import { practiceDate } from '@/shared/dates/appointment-time';

export interface SlotDay {
  /** YYYY-MM-DD on the practice's clocks. */
  date: string;
  slots: AppointmentSlot[];
}

function nextDate(date: string): string {
  const next = new Date(`${date}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/**
 * Every practice date from `fromDate` to `toDate`, each with its slots in time order: a day with none stays
 * in the list, so the days read like a calendar and an empty one can say so.
 */
export function slotDays(fromDate: string, toDate: string, slots: readonly AppointmentSlot[]): SlotDay[] {
  const byDate = new Map<string, AppointmentSlot[]>();
  for (const slot of [...slots].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))) {
    const date = practiceDate(slot.startsAt);
    byDate.set(date, [...(byDate.get(date) ?? []), slot]);
  }
  const days: SlotDay[] = [];
  for (let date = fromDate; date <= toDate; date = nextDate(date)) {
    days.push({ date, slots: byDate.get(date) ?? [] });
  }
  return days;
}
