import type { NewPrescriptionRequest, PrescriptionRequest } from '@vet/contracts/prescription-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@/shared/api/api-client-context';
import { prescriptionRequestsQueryKey } from './prescription-requests-query-key';

/** POST /prescription-requests: sends the request; the list of requests is read again. */
export function useRequestPrescription() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewPrescriptionRequest) =>
      api.request<PrescriptionRequest>('POST', '/prescription-requests', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: prescriptionRequestsQueryKey }),
  });
}
