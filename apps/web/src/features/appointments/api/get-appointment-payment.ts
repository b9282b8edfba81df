import type { AppointmentPayment, AppointmentPaymentAnswer } from '@vet/contracts/payments';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ApiError, type ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';
import { appointmentPaymentQueryKey } from './appointments-query-key';

/**
 * GET /v2/appointments/{appointmentId}/payment (issue 64): the deposit or card hold taken with it, or null
 * when it has none (or the appointment is not the client's: the API's 404).
 */
export async function getAppointmentPayment(
  api: ApiClient,
  appointmentId: number,
  signal?: AbortSignal,
): Promise<AppointmentPayment | null> {
  try {
    const answer = await api.get<AppointmentPaymentAnswer>(`/v2/appointments/${appointmentId}/payment`, {
      signal,
    });
    return answer.payment;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function appointmentPaymentQueryOptions(api: ApiClient, appointmentId: number | null) {
  return queryOptions({
    queryKey: appointmentPaymentQueryKey(appointmentId ?? 0),
    queryFn:
      appointmentId === null ? skipToken : ({ signal }) => getAppointmentPayment(api, appointmentId, signal),
  });
}

/** How soon to read it again, given what was read (false: not again). */
type Recheck = (payment: AppointmentPayment | null | undefined) => number | false;

/** Read while `appointmentId` is set (the cancel dialog open; a cancelled appointment's refund). */
export function useAppointmentPayment(appointmentId: number | null, recheck?: Recheck) {
  return useQuery({
    ...appointmentPaymentQueryOptions(useApiClient(), appointmentId),
    refetchInterval: recheck ? (query) => recheck(query.state.data) : false,
  });
}
