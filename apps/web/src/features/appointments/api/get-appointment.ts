import type { AppointmentDetail } from '@vet/contracts/appointment-booking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { appointmentQueryKey } from './appointments-query-key';

/** GET /appointments/{appointmentId}: one of the client's appointments (404 for anyone else's). */
export function getAppointment(
  api: ApiClient,
  appointmentId: number,
  signal?: AbortSignal,
): Promise<AppointmentDetail> {
  return api.get<AppointmentDetail>(`/appointments/${appointmentId}`, { signal });
}

export function appointmentQueryOptions(api: ApiClient, appointmentId: number) {
  return queryOptions({
    queryKey: appointmentQueryKey(appointmentId),
    queryFn: ({ signal }) => getAppointment(api, appointmentId, signal),
  });
}

export function useAppointment(appointmentId: number | null, enabled = true) {
  const api = useApiClient();
  return useQuery({
    ...appointmentQueryOptions(api, appointmentId ?? 0),
    enabled: enabled && appointmentId !== null,
  });
}
