import type { DevMailboxMessageSummary } from '@vet/contracts/dev-mailbox';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';

/** While the page is open, new e-mails (a code just sent) show up without a reload. */
const refreshEveryMs = 5_000;

/** GET /dev/mailbox: the newest e-mails the portal has kept (development only; 404 in production). */
export function getDevMailbox(api: ApiClient, signal?: AbortSignal): Promise<DevMailboxMessageSummary[]> {
  return api.get<DevMailboxMessageSummary[]>('/dev/mailbox', { signal });
}

export function devMailboxQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['dev-mailbox'],
    queryFn: ({ signal }) => getDevMailbox(api, signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.status === 'error' ? false : refreshEveryMs),
  });
}

export function useDevMailbox() {
  return useQuery(devMailboxQueryOptions(useApiClient()));
}
