import type { Salutation } from '@vet/contracts/lookups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { salutationsQueryKey } from './salutations-query-key';

/** GET /lookup/salutations: Mr, Mrs, ... in display order. */
export function getSalutations(api: ApiClient, signal?: AbortSignal): Promise<Salutation[]> {
  return api.get<Salutation[]>('/lookup/salutations', { signal });
}

export function salutationsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: salutationsQueryKey,
    queryFn: ({ signal }) => getSalutations(api, signal),
    // R7.6, R9.4: salutations are cached for good.
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useSalutations() {
  return useQuery(salutationsQueryOptions(useApiClient()));
}
