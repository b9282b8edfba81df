import type { PetMedicines } from '@vet/contracts/prescription-requests';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/shared/api/api-client-context';
import { petMedicinesQueryKey } from './prescription-requests-query-key';

/** GET /v2/pets/{petId}/medications: the pet's current medicines and the written prescription fee. */
export function usePetMedicines(petId: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: petMedicinesQueryKey(petId ?? 0),
    queryFn: ({ signal }) => api.get<PetMedicines>(`/v2/pets/${petId}/medications`, { signal }),
    enabled: petId !== null,
    staleTime: 0,
  });
}
