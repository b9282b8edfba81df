import type { AppointmentSummary } from '@vet/contracts/appointments';

/** The soonest Booked appointment that has not started yet; undefined when there is none. */
export function nextBookedAppointment<T extends Pick<AppointmentSummary, 'status' | 'startsAt'>>(
  appointments: readonly T[],
  now: Date,
): T | undefined {
  return appointments
    .filter(
      (appointment) => appointment.status === 'Booked' && Date.parse(appointment.startsAt) > now.getTime(),
    )
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))[0];
}
