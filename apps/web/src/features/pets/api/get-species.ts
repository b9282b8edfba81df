import type { Species } from '@vet/contracts/lookups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { speciesQueryKey } from './species-query-key';

/** GET /v2/species: the species a pet can be, in the order the form lists them. */
export function getSpecies(api: ApiClient, signal?: AbortSignal): Promise<Species[]> {
  return api.get<Species[]>('/v2/species', { signal });
}

export function speciesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: speciesQueryKey,
    queryFn: ({ signal }) => getSpecies(api, signal),
  });
}

export function useSpecies() {
  return useQuery(speciesQueryOptions(useApiClient()));
}
