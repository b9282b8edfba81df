import { appointmentsResponseSchema, type ListedAppointment } from '@vet/contracts/appointments';
import { getFromApiOnServer } from '@/shared/bff/server-api';

/**
 * GET /appointments while a page renders on the server, as the signed-in client: the appointments, or
 * undefined when they cannot be known there (the browser then asks).
 */
export async function getAppointmentsOnServer(): Promise<ListedAppointment[] | undefined> {
  return (await getFromApiOnServer(['appointments'], appointmentsResponseSchema)).data;
}
