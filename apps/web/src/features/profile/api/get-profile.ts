import type { ActivationStatus, ClientProfile } from '@vet/contracts/profile';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/shared/auth-session/session-client';
import { useCallback } from 'react';
import { ApiError, type ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { profileQueryKey, readProfile } from './profile-response';

/** GET /client/profile: the signed-in identity's client profile (the BFF attaches the access token). */
export function getProfile(api: ApiClient, signal?: AbortSignal): Promise<ClientProfile> {
  return api.get('/client/profile', { signal, read: readProfile });
}

export function profileQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => getProfile(api, signal),
    // R9.5: the profile query retries 3 times.
    retry: 3,
  });
}

/** R6.5: the profile query runs only when the user is signed in. */
export function useProfile() {
  const { status } = useSession();
  return useQuery({ ...profileQueryOptions(useApiClient()), enabled: status === 'authenticated' });
}

/**
 * For calls that answer the new profile (verifying, accepting an invitation, registering: R7.10): the
 * cache holds it at once, so the activation guard of the next page already sees COMPLETED, and the
 * query is refetched behind it.
 */
export function useReplaceProfile(): (profile: ClientProfile) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (profile: ClientProfile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
    [queryClient],
  );
}

export interface ActivationState {
  /** undefined while the profile loads (or failed); null when there is no profile (R4.1's "no profile"). */
  activationStatus: ActivationStatus | null | undefined;
  /** The profile could not be loaded (other than "there is none"). */
  failed: boolean;
  retry: () => void;
}

/** The signed-in person's activation, as the activation guard and the onboarding pages read it. */
export function useActivationState(): ActivationState {
  const profile = useProfile();
  const noProfile = profile.error instanceof ApiError && profile.error.status === 404;
  return {
    activationStatus: noProfile ? null : profile.data?.activationStatus,
    failed: profile.isError && !noProfile,
    retry: () => void profile.refetch(),
  };
}

/** Refetches the profile (after a change to what it shows: the name, the home practice, R4.3's flag). */
export function useRefreshProfile(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: profileQueryKey, exact: true }),
    [queryClient],
  );
}
