import type { JoinPlanRequest, PlanMembership } from '@vet/contracts/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@/shared/api/api-client-context';
import { membershipQueryKey, plansQueryPrefix } from './plans-query-key';

/** POST /v2/plan-memberships: a pending membership and the provider's hosted Direct Debit page. */
export function useJoinPlan() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: JoinPlanRequest) =>
      api.post<{ membershipId: number; redirectUrl: string }>('/v2/plan-memberships', { body }),
  });
}

/**
 * POST /v2/plan-memberships/{id}/confirm on the way back from the provider's page: the API reads the
 * billing request there and activates the membership (once, as the webhook would). The answer is the
 * membership as it now stands.
 */
export function useConfirmMembership(membershipId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PlanMembership>(`/v2/plan-memberships/${membershipId}/confirm`, {}),
    onSuccess: async (membership) => {
      queryClient.setQueryData(membershipQueryKey(membershipId), membership);
      await queryClient.invalidateQueries({ queryKey: plansQueryPrefix });
    },
  });
}
