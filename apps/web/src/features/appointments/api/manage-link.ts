import type { ManageLinkAppointment, ManageLinksEnded } from '@vet/contracts/manage-link';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';

/**
 * An appointment's manage link (decision 0084): the token is the link's fragment, read by the page and
 * sent in POST bodies only, so no address, log or Referer holds it. Reading changes nothing.
 */
const manageLinkQueryKey = (token: string) => ['manage-link', token] as const;

export function readManageLink(api: ApiClient, token: string, signal?: AbortSignal) {
  return api.post<ManageLinkAppointment>('/manage-link/appointment', { body: { token }, signal });
}

export function manageLinkQueryOptions(api: ApiClient, token: string) {
  return queryOptions({
    queryKey: manageLinkQueryKey(token),
    queryFn: ({ signal }) => readManageLink(api, token, signal),
    // A refused link stays refused; a refusal is the answer, not a fault to retry.
    retry: false,
    staleTime: Infinity,
  });
}

export function useManageLink(token: string | null) {
  return useQuery({ ...manageLinkQueryOptions(useApiClient(), token ?? ''), enabled: Boolean(token) });
}

type Press = { kind: 'attendance' } | { kind: 'cancellation'; reasonId: number };

/** "I'll be there" or "Cancel": the page shows the appointment as the answer has it. */
export function useManageLinkPress(token: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (press: Press) =>
      api.post<ManageLinkAppointment>(`/manage-link/${press.kind}`, {
        body: press.kind === 'cancellation' ? { token, reasonId: press.reasonId } : { token },
      }),
    onSuccess: (appointment) => queryClient.setQueryData(manageLinkQueryKey(token), appointment),
  });
}

/**
 * "End my appointment links" (decision 0095): the links in every appointment e-mail and text already sent
 * to the signed-in client stop working; the answer counts the upcoming appointments they were for.
 */
export function useEndManageLinks() {
  const api = useApiClient();
  return useMutation({
    mutationFn: () => api.post<ManageLinksEnded>('/client/manage-links/end'),
  });
}
