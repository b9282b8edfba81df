import type { PracticePrices } from '@vet/contracts/practice-prices';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';

/** A practice's prices in the cache. */
export function practicePricesQueryKey(practiceId: number | null | undefined) {
  return ['practices', practiceId, 'prices'] as const;
}

/** GET /practices/{practiceId}/prices: its owner and its prices in force today (decision 0104). */
export function getPracticePrices(api: ApiClient, practiceId: number, signal?: AbortSignal) {
  return api.get<PracticePrices>(`/practices/${practiceId}/prices`, { signal });
}

export function usePracticePrices(practiceId: number | null | undefined) {
  const api = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: practicePricesQueryKey(practiceId),
      queryFn:
        typeof practiceId === 'number'
          ? ({ signal }) => getPracticePrices(api, practiceId, signal)
          : skipToken,
      // Prices change by the day at most: one read per visit to the page is plenty.
      staleTime: 5 * 60_000,
      refetchOnWindowFocus: false,
    }),
  );
}
