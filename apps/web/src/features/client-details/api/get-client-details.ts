import type { ActivationStatus } from '@vet/contracts/profile';
import type { ClientDetails } from '@vet/contracts/client-details';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/shared/auth-session/session-client';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { clientDetailsQueryKey } from './query-keys';

/** GET /client: the signed-in client's own details (403 until the identity is linked to a client). */
export function getClientDetails(api: ApiClient, signal?: AbortSignal): Promise<ClientDetails> {
  return api.get<ClientDetails>('/client', { signal });
}

export function clientDetailsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: clientDetailsQueryKey,
    queryFn: ({ signal }) => getClientDetails(api, signal),
  });
}

/** R4.2: details load only once activation is COMPLETED (the caller passes the profile's status). */
export function useClientDetails(activationStatus: ActivationStatus | undefined) {
  const { status } = useSession();
  return useQuery({
    ...clientDetailsQueryOptions(useApiClient()),
    enabled: status === 'authenticated' && activationStatus === 'COMPLETED',
  });
}
