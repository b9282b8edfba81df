import type { CancellationQuote } from '@vet/contracts/plans';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApiClient } from '@/shared/api/api-client-context';
import { apiProblem } from '@/shared/api/api-problem';
import { cancellationQueryKey, plansQueryPrefix } from './plans-query-key';

/** GET /v2/plan-memberships/{id}/cancellation: what leaving costs today, in words. Read afresh each opening. */
export function useCancellationQuote(membershipId: number, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: cancellationQueryKey(membershipId),
    queryFn: ({ signal }) =>
      api.get<CancellationQuote>(`/v2/plan-memberships/${membershipId}/cancellation`, { signal }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * The plans read again once the owner has read the cancel's outcome (the dialog closed or left): read at
 * once, the cancelled plan's panel, and the dialog in it, would go from under the owner. Not the quote: a
 * cancelled membership has none.
 */
export function useRefreshPlans() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      queryClient.invalidateQueries({
        queryKey: plansQueryPrefix,
        predicate: (query) => query.queryKey[1] !== 'cancellation',
      }),
    [queryClient],
  );
}

/**
 * POST /v2/plan-memberships/{id}/cancellation with the fee the owner was shown. A 409 (the fee changed
 * meanwhile, e.g. the cooling-off period ended) reads the quote again, so the dialog shows the new one.
 */
export function useCancelPlan(membershipId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feePence: number) =>
      api.post<unknown>(`/v2/plan-memberships/${membershipId}/cancellation`, { body: { feePence } }),
    onError: async (error) => {
      if (apiProblem(error).status === 409) {
        await queryClient.refetchQueries({ queryKey: cancellationQueryKey(membershipId), exact: true });
      }
    },
  });
}
