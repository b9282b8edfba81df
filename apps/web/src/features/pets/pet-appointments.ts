import type { AppointmentSummary } from '@vet/contracts/appointments';

export interface PetAppointments {
  /** Booked and still to come, soonest first. */
  upcoming: AppointmentSummary[];
  /** Everything else (attended, missed, cancelled), most recent first. */
  past: AppointmentSummary[];
}

/** One pet's appointments, split as its page shows them, judged against `now`. */
export function petAppointments(
  appointments: readonly AppointmentSummary[],
  petId: number,
  now: Date,
): PetAppointments {
  const start = (appointment: AppointmentSummary) => Date.parse(appointment.startsAt);
  const own = appointments.filter((appointment) => appointment.petId === petId);
  const isUpcoming = (appointment: AppointmentSummary) =>
    appointment.status === 'Booked' && start(appointment) > now.getTime();
  return {
    upcoming: own.filter(isUpcoming).sort((a, b) => start(a) - start(b)),
    past: own.filter((appointment) => !isUpcoming(appointment)).sort((a, b) => start(b) - start(a)),
  };
}
