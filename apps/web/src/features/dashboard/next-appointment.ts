import type { AppointmentSummary } from '@vet/contracts/appointments';

/** The practices are in the UK: times read as the practice's clock shows them, whatever the device says. */
export const practiceTimeZone = 'Europe/London';

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

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: practiceTimeZone,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * "Tuesday 24 November 2026, 10:30" in UK time. Assembled from parts, because ICU versions (Node's,
 * each browser's) disagree on the commas and the "at" of the ready-made long formats.
 */
export function formatAppointmentTime(iso: string): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.formatToParts(new Date(iso)).find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')}`;
}
