import type { AppointmentDetail, BookAppointmentBody } from '@vet/contracts/appointment-booking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { appointmentsQueryKey } from './appointments-query-key';

export interface BookAppointmentInput {
  body: BookAppointmentBody;
  /** One per confirmation attempt: a retried request (lost answer) finds the first booking. */
  idempotencyKey: string;
}

/** POST /appointments: 201 with the appointment; 409 (bookingConflictSchema) when the time was taken. */
export function bookAppointment(api: ApiClient, { body, idempotencyKey }: BookAppointmentInput) {
  return api.post<AppointmentDetail>('/appointments', {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Books, then refreshes the appointments list (the list page and the dashboard's next appointment). */
export function useBookAppointment() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BookAppointmentInput) => bookAppointment(api, input),
    onSuccess: (appointment: AppointmentDetail) => {
      queryClient.setQueryData(['appointments', appointment.appointmentId], appointment);
      return queryClient.invalidateQueries({ queryKey: appointmentsQueryKey, exact: true });
    },
  });
}
