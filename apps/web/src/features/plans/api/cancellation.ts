import type { CancellationQuote } from '@vet/contracts/plans';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
 * POST /v2/plan-memberships/{id}/cancellation with the fee the owner was shown. A 409 (the fee changed
 * meanwhile, e.g. the cooling-off period ended) reads the quote again, so the dialog shows the new one.
 */
export function useCancelPlan(membershipId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feePence: number) =>
      api.post<unknown>(`/v2/plan-memberships/${membershipId}/cancellation`, { body: { feePence } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: plansQueryPrefix });
    },
    onError: async (error) => {
      if (apiProblem(error).status === 409) {
        await queryClient.refetchQueries({ queryKey: cancellationQueryKey(membershipId), exact: true });
      }
    },
  });
}
