import type { AppointmentSlots } from '@vet/contracts/appointment-booking';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';

export interface SlotSearch {
  practiceId: number;
  appointmentReasonId: number;
  petId: number;
  /** Amending: the appointment's own time counts as free. */
  existingAppointmentId?: number;
  /** A vet the client named: that vet's times only (decision 0101). */
  clinicianId?: number;
  /** A visit for this many pets (decision 0117): each slot the whole visit's span. */
  petCount?: number;
}

/** GET /v2/practices/{practiceId}/appointment-slots: every bookable start from today to the horizon. */
export function getAppointmentSlots(
  api: ApiClient,
  { practiceId, ...query }: SlotSearch,
  signal?: AbortSignal,
): Promise<AppointmentSlots> {
  return api.get<AppointmentSlots>(`/v2/practices/${practiceId}/appointment-slots`, {
    query: { ...query },
    signal,
  });
}

export function appointmentSlotsQueryOptions(api: ApiClient, search: SlotSearch | null) {
  return queryOptions({
    queryKey: ['appointment-slots', search],
    queryFn: search ? ({ signal }) => getAppointmentSlots(api, search, signal) : skipToken,
    // Slots go quickly: a search is worth at most a minute.
    staleTime: 60_000,
  });
}

export function useAppointmentSlots(search: SlotSearch | null) {
  return useQuery(appointmentSlotsQueryOptions(useApiClient(), search));
}
