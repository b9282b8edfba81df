import type { ActivationStatus } from '@vet/contracts/profile';
import type { Pet } from '@vet/contracts/pets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@/shared/auth-session/session-client';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { petsQueryKey } from './pets-query-key';

/** GET /v2/pets: the signed-in client's pets, by name (403 until the identity is linked to a client). */
export function getPets(api: ApiClient, signal?: AbortSignal): Promise<Pet[]> {
  return api.get<Pet[]>('/v2/pets', { signal });
}

export function petsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: petsQueryKey,
    queryFn: ({ signal }) => getPets(api, signal),
  });
}

/**
 * The signed-in client's pets. R4.2: details load only once activation is COMPLETED; the caller passes
 * the profile's activationStatus (features do not import each other).
 */
export function usePets(activationStatus: ActivationStatus | undefined) {
  const { status } = useSession();
  return useQuery({
    ...petsQueryOptions(useApiClient()),
    enabled: status === 'authenticated' && activationStatus === 'COMPLETED',
  });
}
