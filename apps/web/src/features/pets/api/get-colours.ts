import type { Colour } from '@vet/contracts/lookups';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';

/** GET /v2/species/{speciesId}/breeds/{breedId}/colours: the colours the breed comes in. */
export function getColours(
  api: ApiClient,
  speciesId: number,
  breedId: number,
  signal?: AbortSignal,
): Promise<Colour[]> {
  return api.get<Colour[]>(`/v2/species/${speciesId}/breeds/${breedId}/colours`, { signal });
}

export function coloursQueryOptions(api: ApiClient, speciesId: number | null, breedId: number | null) {
  return queryOptions({
    queryKey: ['lookups', 'species', speciesId, 'breeds', breedId, 'colours'],
    // R7.7: only once a species and a breed are chosen.
    queryFn:
      speciesId === null || breedId === null
        ? skipToken
        : ({ signal }) => getColours(api, speciesId, breedId, signal),
  });
}

export function useColours(speciesId: number | null, breedId: number | null) {
  return useQuery(coloursQueryOptions(useApiClient(), speciesId, breedId));
}
