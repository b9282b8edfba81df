import type { MembershipStatus } from '@vet/contracts/plan-rules';
import type { JoinPlanRequest } from '@vet/contracts/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@/shared/api/api-client-context';
import { plansQueryPrefix } from './plans-query-key';

/** What the return page reads of the confirmation: where the membership stands, and whose it is. */
export interface JoinOutcome {
  status: MembershipStatus;
  petId: number;
  petName: string;
  planName: string;
}

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
 * billing request there and activates the membership (once, as the webhook would). The answer says
 * where the membership stands; every plan read is read again.
 */
export function useConfirmMembership(membershipId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<JoinOutcome>(`/v2/plan-memberships/${membershipId}/confirm`, {}),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: plansQueryPrefix });
    },
  });
}
