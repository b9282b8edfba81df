import type { VisitDetail } from '@vet/contracts/appointment-visits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { visitQueryKey } from './appointments-query-key';

/** GET /appointments/visits/{visitId} (decision 0117): the visit's appointments, first to last. */
export function getVisit(api: ApiClient, visitId: string, signal?: AbortSignal) {
  return api.get<VisitDetail>(`/appointments/visits/${visitId}`, { signal });
}

export function visitQueryOptions(api: ApiClient, visitId: string) {
  return queryOptions({
    queryKey: visitQueryKey(visitId),
    queryFn: ({ signal }) => getVisit(api, visitId, signal),
  });
}

/** Null: no visit asked for (the query waits). */
export function useVisit(visitId: string | null) {
  const options = visitQueryOptions(useApiClient(), visitId ?? '');
  return useQuery({ ...options, enabled: visitId !== null });
}
