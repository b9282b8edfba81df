import type { AppointmentDetail } from '@vet/contracts/appointment-booking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import {
  appointmentPaymentQueryKey,
  appointmentQueryKey,
  appointmentsQueryKey,
  visitsQueryKey,
} from './appointments-query-key';

/** PATCH /appointments/{appointmentId}/cancel?reasonId: 409 once past the practice's cut-off. */
export function cancelAppointment(api: ApiClient, appointmentId: number, reasonId: number) {
  return api.patch<AppointmentDetail>(`/appointments/${appointmentId}/cancel`, {
    query: { reasonId },
  });
}

/**
 * Cancels (or removes a pet from its visit: decision 0117); the appointment's own entry takes the answer,
 * the list and its visit are read again.
 */
export function useCancelAppointment() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appointmentId, reasonId }: { appointmentId: number; reasonId: number }) =>
      cancelAppointment(api, appointmentId, reasonId),
    onSuccess: (appointment: AppointmentDetail) => {
      queryClient.setQueryData(appointmentQueryKey(appointment.appointmentId), appointment);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: appointmentsQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: visitsQueryKey }),
        // A deposit refunded or a hold released by the cancel (issue 64).
        queryClient.invalidateQueries({ queryKey: appointmentPaymentQueryKey(appointment.appointmentId) }),
      ]);
    },
  });
}
