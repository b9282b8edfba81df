import type { PetHealthRecord } from '@vet/contracts/pet-health-record';
import type { ActivationStatus } from '@vet/contracts/profile';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/shared/auth-session/session-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { petHealthRecordQueryKey } from './pet-health-record-query-key';

/**
 * GET /v2/pets/{petId}/health-record: the pet's vaccinations given and due, and its practice. R4.2: only
 * once activation is COMPLETED (the caller passes the profile's status).
 */
export function usePetHealthRecord(petId: number | null, activationStatus: ActivationStatus | undefined) {
  const { status } = useSession();
  const api = useApiClient();
  return useQuery({
    queryKey: petHealthRecordQueryKey(petId ?? 0),
    queryFn: ({ signal }) => api.get<PetHealthRecord>(`/v2/pets/${petId}/health-record`, { signal }),
    enabled: petId !== null && status === 'authenticated' && activationStatus === 'COMPLETED',
  });
}
