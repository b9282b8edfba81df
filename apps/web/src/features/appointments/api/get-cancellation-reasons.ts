import type { CancellationReason } from '@vet/contracts/lookups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';

/** GET /lookup/cancellation-reasons: what a client can give as the reason for cancelling. */
export function getCancellationReasons(api: ApiClient, signal?: AbortSignal): Promise<CancellationReason[]> {
  return api.get<CancellationReason[]>('/lookup/cancellation-reasons', { signal });
}

export function cancellationReasonsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['lookup', 'cancellation-reasons'],
    queryFn: ({ signal }) => getCancellationReasons(api, signal),
    staleTime: 60 * 60_000,
  });
}

export function useCancellationReasons(enabled: boolean) {
  return useQuery({ ...cancellationReasonsQueryOptions(useApiClient()), enabled });
}
