import type { Insurer } from '@vet/contracts/lookups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { insurersQueryKey } from './insurers-query-key';

/** GET /v2/insurers: pet insurers, by name. */
export function getInsurers(api: ApiClient, signal?: AbortSignal): Promise<Insurer[]> {
  return api.get<Insurer[]>('/v2/insurers', { signal });
}

export function insurersQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: insurersQueryKey,
    queryFn: ({ signal }) => getInsurers(api, signal),
  });
}

export function useInsurers() {
  return useQuery(insurersQueryOptions(useApiClient()));
}
