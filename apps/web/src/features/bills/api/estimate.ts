import type { EstimateAnswerRequest, EstimateDetail } from '@vet/contracts/bills';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@/shared/api/api-client-context';
import { apiProblem } from '@/shared/api/api-problem';
import { billsQueryPrefix, estimateQueryKey } from './bills-query-key';

/** GET /v2/bills/estimates/{estimateId}: the estimate, its lines and where it stands for its owner. */
export function useEstimate(estimateId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: estimateQueryKey(estimateId),
    queryFn: ({ signal }) => api.get<EstimateDetail>(`/v2/bills/estimates/${estimateId}`, { signal }),
  });
}

/**
 * POST /v2/bills/estimates/{estimateId}/answer with the revision the owner read. The answer is the
 * estimate as it now stands, put in the cache; the list is read again. A 409 (the practice revised it
 * meanwhile, or it was answered already) reads the estimate again, so the page shows what now stands.
 */
export function useAnswerEstimate(estimateId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EstimateAnswerRequest) =>
      api.post<EstimateDetail>(`/v2/bills/estimates/${estimateId}/answer`, { body }),
    onSuccess: async (estimate) => {
      queryClient.setQueryData(estimateQueryKey(estimateId), estimate);
      await queryClient.invalidateQueries({ queryKey: [...billsQueryPrefix, 'list'] });
    },
    onError: async (error) => {
      if (apiProblem(error).status === 409) {
        await queryClient.refetchQueries({ queryKey: estimateQueryKey(estimateId), exact: true });
      }
    },
  });
}
