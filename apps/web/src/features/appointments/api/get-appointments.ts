import type { ActivationStatus } from '@vet/contracts/profile';
import type { ListedAppointment } from '@vet/contracts/appointments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/shared/auth-session/session-client';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { appointmentsQueryKey } from './appointments-query-key';

/** GET /appointments: the signed-in client's appointments, oldest first. */
export function getAppointments(api: ApiClient, signal?: AbortSignal): Promise<ListedAppointment[]> {
  return api.get<ListedAppointment[]>('/appointments', { signal });
}

export function appointmentsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: appointmentsQueryKey,
    queryFn: ({ signal }) => getAppointments(api, signal),
  });
}

/** Like the pets: only for a signed-in client whose activation is COMPLETED (R4.2). */
export function useAppointments(activationStatus: ActivationStatus | undefined) {
  const { status } = useSession();
  return useQuery({
    ...appointmentsQueryOptions(useApiClient()),
    enabled: status === 'authenticated' && activationStatus === 'COMPLETED',
  });
}
