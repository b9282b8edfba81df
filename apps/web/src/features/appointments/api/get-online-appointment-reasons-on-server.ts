import { appointmentReasonsResponseSchema, type AppointmentReason } from '@vet/contracts/lookups';
import { getFromApiOnServer } from '@/shared/bff/server-api';

/**
 * GET /lookup/online-appointment-reasons while a page renders on the server, or undefined when it cannot
 * be had (the browser then asks).
 */
export async function getOnlineAppointmentReasonsOnServer(): Promise<AppointmentReason[] | undefined> {
  return (
    await getFromApiOnServer(['lookup', 'online-appointment-reasons'], appointmentReasonsResponseSchema)
  ).data;
}
