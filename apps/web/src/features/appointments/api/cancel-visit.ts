import type { VisitDetail } from '@vet/contracts/appointment-visits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { appointmentQueryKey, appointmentsQueryKey, visitQueryKey } from './appointments-query-key';

/** PATCH /appointments/visits/{visitId}/cancel?reasonId (decision 0117): every pet's appointment at once. */
export function cancelVisit(api: ApiClient, visitId: string, reasonId: number) {
  return api.patch<VisitDetail>(`/appointments/visits/${visitId}/cancel`, { query: { reasonId } });
}

/** Cancels the visit; its appointments' entries take the answer, the list is read again. */
export function useCancelVisit() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ visitId, reasonId }: { visitId: string; reasonId: number }) =>
      cancelVisit(api, visitId, reasonId),
    onSuccess: (visit: VisitDetail) => {
      for (const appointment of visit.appointments) {
        queryClient.setQueryData(appointmentQueryKey(appointment.appointmentId), appointment);
      }
      queryClient.setQueryData(visitQueryKey(visit.visitId), visit);
      return queryClient.invalidateQueries({ queryKey: appointmentsQueryKey, exact: true });
    },
  });
}
