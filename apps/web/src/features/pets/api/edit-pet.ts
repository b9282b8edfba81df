import type { EditablePet, EditPetBody, PetDepartureBody } from '@vet/contracts/pet-changes';
import type { ActivationStatus } from '@vet/contracts/profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/shared/auth-session/session-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { petsQueryKey } from './pets-query-key';

/** The cache key of a pet as its edit form starts from. */
export const editablePetQueryKey = (petId: number) => ['pet-edit', petId] as const;

/**
 * GET /v2/pets/{petId}/edit: the pet with its version (decision 0083). Read fresh each time the form
 * opens, so it starts from the pet as it is now; only once activation is COMPLETED (R4.2).
 */
export function useEditablePet(petId: number | null, activationStatus: ActivationStatus | undefined) {
  const { status } = useSession();
  const api = useApiClient();
  return useQuery({
    queryKey: editablePetQueryKey(petId ?? 0),
    queryFn: ({ signal }) => api.get<EditablePet>(`/v2/pets/${petId}/edit`, { signal }),
    enabled: petId !== null && status === 'authenticated' && activationStatus === 'COMPLETED',
    staleTime: 0,
    gcTime: 0,
  });
}

/** After a change: every list and page that shows pets reads them again. */
function useRefreshPets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: petsQueryKey, refetchType: 'all' });
}

/** PATCH /v2/pets/{petId}: the pet's details, at the version the form started from (409 if it moved). */
export function useEditPet(petId: number) {
  const api = useApiClient();
  const refresh = useRefreshPets();
  return useMutation({
    mutationFn: (body: EditPetBody) => api.request<EditablePet>('PATCH', `/v2/pets/${petId}`, { body }),
    onSuccess: refresh,
  });
}

/** PUT /v2/pets/{petId}/status: the pet has died or has a new home. */
export function useRecordPetDeparture(petId: number) {
  const api = useApiClient();
  const refresh = useRefreshPets();
  return useMutation({
    mutationFn: (body: PetDepartureBody) =>
      api.request<EditablePet>('PUT', `/v2/pets/${petId}/status`, { body }),
    onSuccess: refresh,
  });
}
