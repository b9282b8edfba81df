import { appointmentDetailSchema, type AppointmentDetail } from '@vet/contracts/appointment-booking';
import { getFromApiOnServer } from '@/shared/bff/server-api';

/**
 * GET /appointments/{appointmentId} while a page renders on the server, as the signed-in client: the
 * appointment with its details, or undefined when it cannot be had there (the browser then asks).
 */
export async function getAppointmentOnServer(appointmentId: number): Promise<AppointmentDetail | undefined> {
  return (await getFromApiOnServer(['appointments', String(appointmentId)], appointmentDetailSchema)).data;
}
