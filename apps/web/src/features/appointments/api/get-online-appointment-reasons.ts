import type { AppointmentReason } from '@vet/contracts/lookups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { onlineAppointmentReasonsQueryKey } from './online-appointment-reasons-query-key';

/** GET /lookup/online-appointment-reasons: what can be booked online, with the species each is for. */
export function getOnlineAppointmentReasons(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<AppointmentReason[]> {
  return api.get<AppointmentReason[]>('/lookup/online-appointment-reasons', { signal });
}

export function onlineAppointmentReasonsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: onlineAppointmentReasonsQueryKey,
    queryFn: ({ signal }) => getOnlineAppointmentReasons(api, signal),
    staleTime: 60 * 60_000,
  });
}

export function useOnlineAppointmentReasons() {
  return useQuery(onlineAppointmentReasonsQueryOptions(useApiClient()));
}
