import type { DehydratedState } from '@tanstack/react-query';
import type { ActivationStatus } from '@vet/contracts/profile';
import { firstData } from '@/shared/query/first-data';
import { appointmentsQueryKey } from './appointments-query-key';
import { getAppointmentsOnServer } from './get-appointments-on-server';

/**
 * The appointments, for the pages that list them (the dashboard, /appointments, a pet's page): in the
 * first HTML for a linked client; left out when the API cannot answer. R4.2: only once activation is
 * COMPLETED (the page passes the profile's status; features do not import each other), so nobody asks
 * the API for what it would refuse.
 */
export async function appointmentsFirstData(
  activationStatus: ActivationStatus | undefined,
): Promise<DehydratedState> {
  if (activationStatus !== 'COMPLETED') return firstData([]);
  return firstData([[appointmentsQueryKey, await getAppointmentsOnServer()]]);
}
