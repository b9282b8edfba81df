import type { AmendAppointmentBody, AppointmentDetail } from '@vet/contracts/appointment-booking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { appointmentQueryKey } from './appointments-query-key';
import { appointmentsQueryKey } from './appointments-query-key';

/** POST /appointments/{appointmentId}: moves it to a new start (409 with alternatives when taken). */
export function amendAppointment(api: ApiClient, appointmentId: number, body: AmendAppointmentBody) {
  return api.post<AppointmentDetail>(`/appointments/${appointmentId}`, { body });
}

/** Moves it; the appointment's own entry takes the answer, the list is read again. */
export function useAmendAppointment(appointmentId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AmendAppointmentBody) => amendAppointment(api, appointmentId, body),
    onSuccess: (appointment: AppointmentDetail) => {
      queryClient.setQueryData(appointmentQueryKey(appointmentId), appointment);
      return queryClient.invalidateQueries({ queryKey: appointmentsQueryKey, exact: true });
    },
  });
}
