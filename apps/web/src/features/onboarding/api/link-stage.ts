import type { LinkStage, WaitForInvitationBody } from '@vet/contracts/link-stage';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';

/** The one cache entry of where the signed-in person's link stands (decision 0077). */
export const linkStageQueryKey = ['signup', 'link-stage'] as const;

/** GET /signup/link-stage: linked, a code sent, an invitation expected, the practice must help, or no check. */
export function getLinkStage(api: ApiClient, signal?: AbortSignal): Promise<LinkStage> {
  return api.get<LinkStage>('/signup/link-stage', { signal });
}

/** The stage, read only when asked (`enabled`): a linked client never needs it. Never kept stale. */
export function useLinkStage(enabled = true) {
  const api = useApiClient();
  return useQuery({
    queryKey: linkStageQueryKey,
    queryFn: ({ signal }) => getLinkStage(api, signal),
    enabled,
    staleTime: 0,
  });
}

/** After a resend or a choice: the stage is read again. */
export function useRefreshLinkStage(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: linkStageQueryKey });
}

/** PUT /signup/waiting-for-invitation (204): the person will wait for this practice's invitation. */
export function useWaitForInvitation() {
  const api = useApiClient();
  const refresh = useRefreshLinkStage();
  return useMutation({
    mutationFn: (body: WaitForInvitationBody) =>
      api.put<undefined>('/signup/waiting-for-invitation', { body }),
    onSuccess: refresh,
  });
}
