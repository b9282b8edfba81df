import type { DeleteOnlineAccountBody, OnlineAccountDeleted } from '@vet/contracts/online-account';
import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { fetchProviderLogoutUrl } from '@/shared/auth-session/provider-logout-url';

/** POST /client/online-account/delete (decision 0080): the typed word confirms it here and at the API. */
export function deleteOnlineAccount(
  api: ApiClient,
  body: DeleteOnlineAccountBody,
): Promise<OnlineAccountDeleted> {
  return api.post<OnlineAccountDeleted>('/client/online-account/delete', { body });
}

export interface AccountDeletion extends OnlineAccountDeleted {
  /**
   * Where to end an external provider's own session (RP-initiated logout), prepared while the portal
   * session, which holds the ID token, still exists; null when there is none to end.
   */
  providerLogoutUrl: string | null;
}

/**
 * No cache is refreshed afterwards: the session is over, and the caller leaves the signed-in pages
 * (`onDeleted`), so nothing the person saw can be shown again.
 */
export function useDeleteOnlineAccount(onDeleted: (deletion: AccountDeletion) => Promise<void>) {
  const api = useApiClient();
  return useMutation({
    mutationFn: async (body: DeleteOnlineAccountBody): Promise<AccountDeletion> => {
      const providerLogoutUrl = await fetchProviderLogoutUrl();
      return { ...(await deleteOnlineAccount(api, body)), providerLogoutUrl };
    },
    onSuccess: onDeleted,
  });
}
