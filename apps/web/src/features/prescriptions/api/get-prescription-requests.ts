import type { PrescriptionRequests } from '@vet/contracts/prescription-requests';
import type { ActivationStatus } from '@vet/contracts/profile';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/shared/auth-session/session-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { prescriptionRequestsQueryKey } from './prescription-requests-query-key';

/**
 * GET /prescription-requests: the client's repeat prescription requests, newest first (decision 0111).
 * /drug-request brings them with its HTML on every visit (prescription-requests-first-data.ts), so an
 * answer the practice gave meanwhile appears without the browser asking again.
 */
export function usePrescriptionRequests(activationStatus: ActivationStatus | undefined) {
  const { status } = useSession();
  const api = useApiClient();
  return useQuery({
    queryKey: prescriptionRequestsQueryKey,
    queryFn: ({ signal }) => api.get<PrescriptionRequests>('/prescription-requests', { signal }),
    enabled: status === 'authenticated' && activationStatus === 'COMPLETED',
  });
}
