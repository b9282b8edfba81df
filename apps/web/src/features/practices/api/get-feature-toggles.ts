import type { FeatureToggle } from '@vet/contracts/practices';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { featureTogglesQueryKey } from './feature-toggles-query-key';

/** GET /practices/{practiceId}/feature-toggles: the practice's feature settings (R3.10). */
export function getFeatureToggles(
  api: ApiClient,
  practiceId: number,
  signal?: AbortSignal,
): Promise<FeatureToggle[]> {
  return api.get<FeatureToggle[]>(`/practices/${practiceId}/feature-toggles`, { signal });
}

export function featureTogglesQueryOptions(api: ApiClient, practiceId: number | null | undefined) {
  return queryOptions({
    queryKey: featureTogglesQueryKey(practiceId),
    // R7.9: runs only when a practice id exists (skipToken disables it otherwise); no retry, no
    // refetch on focus.
    queryFn:
      typeof practiceId === 'number' ? ({ signal }) => getFeatureToggles(api, practiceId, signal) : skipToken,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useFeatureToggles(practiceId: number | null | undefined) {
  return useQuery(featureTogglesQueryOptions(useApiClient(), practiceId));
}
