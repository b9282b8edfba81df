import type { BookVisitBody, VisitDetail } from '@vet/contracts/appointment-visits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { appointmentQueryKey, appointmentsQueryKey, visitQueryKey } from './appointments-query-key';

export interface BookVisitInput {
  body: BookVisitBody;
  /** One per confirmation attempt: a retried request (lost answer) finds the first booking. */
  idempotencyKey: string;
}

/** POST /appointments/visits (decision 0117): 201 with every pet's appointment; 409 as one booking. */
export function bookVisit(api: ApiClient, { body, idempotencyKey }: BookVisitInput) {
  return api.post<VisitDetail>('/appointments/visits', {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Books the visit; each appointment's own entry takes its part of the answer, the list is read again. */
export function useBookVisit() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookVisitInput) => bookVisit(api, input),
    onSuccess: (visit: VisitDetail) => {
      for (const appointment of visit.appointments) {
        queryClient.setQueryData(appointmentQueryKey(appointment.appointmentId), appointment);
      }
      queryClient.setQueryData(visitQueryKey(visit.visitId), visit);
      return queryClient.invalidateQueries({ queryKey: appointmentsQueryKey, exact: true });
    },
  });
}
