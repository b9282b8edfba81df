import type { AmendVisitBody, VisitDetail } from '@vet/contracts/appointment-visits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { appointmentQueryKey, appointmentsQueryKey, visitQueryKey } from './appointments-query-key';

/** POST /appointments/visits/{visitId} (decision 0117): the whole visit to a new start (409 when taken). */
export function amendVisit(api: ApiClient, visitId: string, body: AmendVisitBody) {
  return api.post<VisitDetail>(`/appointments/visits/${visitId}`, { body });
}

/** Moves the visit; its appointments' entries and its own take the answer, the list is read again. */
export function useAmendVisit(visitId: string | null) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AmendVisitBody) => {
      if (visitId === null) throw new Error('no visit to move');
      return amendVisit(api, visitId, body);
    },
    onSuccess: (visit: VisitDetail) => {
      for (const appointment of visit.appointments) {
        queryClient.setQueryData(appointmentQueryKey(appointment.appointmentId), appointment);
      }
      queryClient.setQueryData(visitQueryKey(visit.visitId), visit);
      return queryClient.invalidateQueries({ queryKey: appointmentsQueryKey, exact: true });
    },
  });
}
