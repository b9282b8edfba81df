import type { DehydratedState } from '@tanstack/react-query';
import { firstData } from '@/shared/query/first-data';
import { appointmentsQueryKey } from './appointments-query-key';
import { getAppointmentsOnServer } from './get-appointments-on-server';

/**
 * The appointments, for the pages that list them (the dashboard, /appointments, a pet's page): in the
 * first HTML for a linked client; left out when the API refuses (not linked yet) or cannot answer.
 */
export async function appointmentsFirstData(): Promise<DehydratedState> {
  return firstData([[appointmentsQueryKey, await getAppointmentsOnServer()]]);
}
