import type { HomePractice } from '@vet/contracts/home-practice';
import type { ActivationStatus } from '@vet/contracts/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/shared/auth-session/session-client';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { homePracticeQueryKey } from './home-practice-query-key';

/** GET /client/practice: the signed-in client's home practice (403 until the identity is linked). */
export function getHomePractice(api: ApiClient, signal?: AbortSignal): Promise<HomePractice> {
  return api.get<HomePractice>('/client/practice', { signal });
}

export function homePracticeQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: homePracticeQueryKey,
    queryFn: ({ signal }) => getHomePractice(api, signal),
  });
}

/** R4.2: asked only once activation is COMPLETED (the caller passes the profile's status). */
export function useHomePractice(activationStatus: ActivationStatus | undefined) {
  const { status } = useSession();
  return useQuery({
    ...homePracticeQueryOptions(useApiClient()),
    enabled: status === 'authenticated' && activationStatus === 'COMPLETED',
  });
}
