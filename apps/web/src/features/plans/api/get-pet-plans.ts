import type { PetPlans } from '@vet/contracts/plans';
import type { ActivationStatus } from '@vet/contracts/profile';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@/shared/api/api-client-context';
import { useSession } from '@/shared/auth-session/session-client';
import { petPlansQueryKey } from './plans-query-key';

/**
 * GET /v2/pets/{petId}/plans: the pet's memberships, and the plans of its practice it could join (or why
 * not). R4.2: only once activation is COMPLETED.
 */
export function usePetPlans(petId: number | null, activationStatus: ActivationStatus | undefined) {
  const { status } = useSession();
  const api = useApiClient();
  return useQuery({
    queryKey: petPlansQueryKey(petId ?? 0),
    queryFn: ({ signal }) => api.get<PetPlans>(`/v2/pets/${petId}/plans`, { signal }),
    enabled: petId !== null && status === 'authenticated' && activationStatus === 'COMPLETED',
  });
}
