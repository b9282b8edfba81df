import type { RegisterPetBody, RegisteredPet } from '@vet/contracts/pets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { petsQueryKey } from './pets-query-key';

/** POST /v2/pets: registers a pet to the signed-in client (403 when registration is not open to them). */
export function registerPet(api: ApiClient, body: RegisterPetBody): Promise<RegisteredPet> {
  return api.post<RegisteredPet>('/v2/pets', { body });
}

/**
 * Registers the pet, then refetches the pets before it settles: the drawer, the dashboard and the pets
 * pages read that one query, so they all show the new pet without a reload, and its page finds it.
 */
export function useRegisterPet() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterPetBody) => registerPet(api, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petsQueryKey, refetchType: 'all' }),
  });
}
