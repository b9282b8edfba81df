import type { DevMailboxMessage } from '@vet/contracts/dev-mailbox';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';

/** GET /dev/mailbox/{messageId}: one kept e-mail with its text and HTML parts. */
export function getDevMailboxMessage(
  api: ApiClient,
  messageId: number,
  signal?: AbortSignal,
): Promise<DevMailboxMessage> {
  return api.get<DevMailboxMessage>(`/dev/mailbox/${messageId}`, { signal });
}

export function devMailboxMessageQueryOptions(api: ApiClient, messageId: number | null) {
  return queryOptions({
    queryKey: ['dev-mailbox-message', messageId],
    queryFn: messageId === null ? skipToken : ({ signal }) => getDevMailboxMessage(api, messageId, signal),
  });
}

export function useDevMailboxMessage(messageId: number | null) {
  return useQuery(devMailboxMessageQueryOptions(useApiClient(), messageId));
}
