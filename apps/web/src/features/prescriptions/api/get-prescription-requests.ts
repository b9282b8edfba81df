import type { PrescriptionRequests } from '@vet/contracts/prescription-requests';
import type { ActivationStatus } from '@vet/contracts/profile';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/shared/auth-session/session-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { prescriptionRequestsQueryKey } from './prescription-requests-query-key';

/**
 * GET /prescription-requests: the client's repeat prescription requests, newest first (decision 0111).
 * Read again when the page is shown, so an answer the practice gave meanwhile appears.
 */
export function usePrescriptionRequests(activationStatus: ActivationStatus | undefined) {
  const { status } = useSession();
  const api = useApiClient();
  return useQuery({
    queryKey: prescriptionRequestsQueryKey,
    queryFn: ({ signal }) => api.get<PrescriptionRequests>('/prescription-requests', { signal }),
    enabled: status === 'authenticated' && activationStatus === 'COMPLETED',
    staleTime: 0,
  });
}
