import type { OnlinePractice } from '@vet/contracts/practices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { onlinePracticesQueryKey } from './online-practices-query-key';

/** GET /online-practices: the practices that offer online services. */
export function getOnlinePractices(api: ApiClient, signal?: AbortSignal): Promise<OnlinePractice[]> {
  return api.get<OnlinePractice[]>('/online-practices', { signal });
}

export function onlinePracticesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: onlinePracticesQueryKey,
    queryFn: ({ signal }) => getOnlinePractices(api, signal),
    // R7.9: no retry, no refetch on focus.
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useOnlinePractices() {
  return useQuery(onlinePracticesQueryOptions(useApiClient()));
}
