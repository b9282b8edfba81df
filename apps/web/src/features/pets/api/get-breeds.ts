import type { Breed } from '@vet/contracts/lookups';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';

/** GET /v2/species/{speciesId}/breeds: the breeds of a species, by name. */
export function getBreeds(api: ApiClient, speciesId: number, signal?: AbortSignal): Promise<Breed[]> {
  return api.get<Breed[]>(`/v2/species/${speciesId}/breeds`, { signal });
}

export function breedsQueryOptions(api: ApiClient, speciesId: number | null) {
  return queryOptions({
    queryKey: ['lookups', 'species', speciesId, 'breeds'],
    // R7.7: only once a species is chosen.
    queryFn: speciesId === null ? skipToken : ({ signal }) => getBreeds(api, speciesId, signal),
  });
}

export function useBreeds(speciesId: number | null) {
  return useQuery(breedsQueryOptions(useApiClient(), speciesId));
}
