import type { ActivationStatus } from '@vet/contracts/profile';
import type { ContactPreferencesResponse } from '@vet/contracts/contact-preferences';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/shared/auth-session/session-client';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { contactPreferencesQueryKey } from './query-keys';

/** GET /client/contact-preferences: purposes × channels and when they were last confirmed. */
export function getContactPreferences(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<ContactPreferencesResponse> {
  return api.get<ContactPreferencesResponse>('/client/contact-preferences', { signal });
}

export function contactPreferencesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: contactPreferencesQueryKey,
    queryFn: ({ signal }) => getContactPreferences(api, signal),
    // R9.5: the preferences query does not retry.
    retry: false,
  });
}

export function useContactPreferences(activationStatus: ActivationStatus | undefined) {
  const { status } = useSession();
  return useQuery({
    ...contactPreferencesQueryOptions(useApiClient()),
    enabled: status === 'authenticated' && activationStatus === 'COMPLETED',
  });
}
