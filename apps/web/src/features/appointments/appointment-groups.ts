import type { AppointmentSummary } from '@vet/contracts/appointments';

export interface AppointmentGroups<T> {
  /** Booked and not started, soonest first. */
  upcoming: T[];
  /** Everything else (done, missed, cancelled, started), latest first. */
  past: T[];
}

export function groupAppointments<T extends Pick<AppointmentSummary, 'status' | 'startsAt'>>(
  appointments: readonly T[],
  now: Date,
): AppointmentGroups<T> {
  const upcoming: T[] = [];
  const past: T[] = [];
  for (const appointment of appointments) {
    const ahead = appointment.status === 'Booked' && Date.parse(appointment.startsAt) > now.getTime();
    (ahead ? upcoming : past).push(appointment);
  }
  upcoming.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  past.sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
  return { upcoming, past };
}
