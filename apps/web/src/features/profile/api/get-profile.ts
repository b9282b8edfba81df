import { clientProfileSchema, type ClientProfile } from '@vet/contracts/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from 'next-auth/react';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';

/** GET /client/profile: the signed-in identity's client profile (the BFF attaches the access token). */
export function getProfile(api: ApiClient, signal?: AbortSignal): Promise<ClientProfile> {
  return api.get('/client/profile', clientProfileSchema, { signal });
}

export function profileQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['client', 'profile'],
    queryFn: ({ signal }) => getProfile(api, signal),
    // Spec 9: the profile query retries 3 times.
    retry: 3,
  });
}

/** Spec 6: the profile query runs only when the user is signed in. */
export function useProfile() {
  const { status } = useSession();
  return useQuery({ ...profileQueryOptions(useApiClient()), enabled: status === 'authenticated' });
}
