import type { DehydratedState } from '@tanstack/react-query';
import type { ActivationStatus } from '@vet/contracts/profile';
import { firstData, type FirstDataEntry } from '@/shared/query/first-data';
import { groupAppointments } from '@/features/appointments/appointment-groups';
import { appointmentQueryKey, appointmentsQueryKey } from './appointments-query-key';
import { getAppointmentOnServer } from './get-appointment-on-server';
import { getAppointmentsOnServer } from './get-appointments-on-server';

/**
 * At most this many upcoming appointments' details come with /appointments (the soonest, the first
 * screen's); any further ones are asked for by the browser, as before. A bound on one page's API calls.
 */
export const upcomingDetailsWithPage = 10;

/**
 * The appointments, for the pages that list them (the dashboard, /appointments, a pet's page): in the
 * first HTML for a linked client; left out when the API cannot answer. R4.2: only once activation is
 * COMPLETED (the page passes the profile's status; features do not import each other), so nobody asks
 * the API for what it would refuse.
 *
 * With `upcomingDetails` (/appointments, whose upcoming appointments offer Change and Cancel while their
 * `changeableUntil` allows), each upcoming appointment's details too, asked for side by side: the buttons
 * are in the first HTML, not placeholders that a request per appointment replaces after the scripts run.
 */
export async function appointmentsFirstData(
  activationStatus: ActivationStatus | undefined,
  { upcomingDetails = false, now = new Date() }: { upcomingDetails?: boolean; now?: Date } = {},
): Promise<DehydratedState> {
  if (activationStatus !== 'COMPLETED') return firstData([]);
  const appointments = await getAppointmentsOnServer();
  const upcoming =
    upcomingDetails && appointments
      ? groupAppointments(appointments, now).upcoming.slice(0, upcomingDetailsWithPage)
      : [];
  const details = await Promise.all(
    upcoming.map(async ({ appointmentId }): Promise<FirstDataEntry> => [
      appointmentQueryKey(appointmentId),
      await getAppointmentOnServer(appointmentId),
    ]),
  );
  return firstData([[appointmentsQueryKey, appointments], ...details]);
}
