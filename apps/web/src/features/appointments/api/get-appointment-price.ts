import type { AppointmentPrice } from '@vet/contracts/appointment-booking';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';

export interface AppointmentPriceSearch {
  practiceId: number;
  appointmentReasonId: number;
  /** The appointment's day on the practice's calendar, YYYY-MM-DD. */
  date: string;
  petId?: number | undefined;
  /** A pet not registered yet (a guest's hold being booked): its species' band. */
  speciesId?: number | undefined;
}

/**
 * GET /practices/{practiceId}/appointment-reasons/{appointmentReasonId}/price (decision 0145): the price
 * a booking on that day would be quoted, for the client's pet.
 */
export function getAppointmentPrice(api: ApiClient, search: AppointmentPriceSearch, signal?: AbortSignal) {
  const { practiceId, appointmentReasonId, date, petId, speciesId } = search;
  return api.get<AppointmentPrice>(
    `/practices/${practiceId}/appointment-reasons/${appointmentReasonId}/price`,
    {
      query: {
        date,
        ...(petId === undefined ? {} : { petId }),
        ...(speciesId === undefined ? {} : { speciesId }),
      },
      signal,
    },
  );
}

export function appointmentPriceQueryOptions(api: ApiClient, search: AppointmentPriceSearch | null) {
  return queryOptions({
    queryKey: ['appointment-price', search],
    queryFn: search ? ({ signal }) => getAppointmentPrice(api, search, signal) : skipToken,
    // A day's price changes only when the practice publishes a new list: one read per check is plenty.
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}

/** One quote: a guest's held time for an animal of a species (null: nothing to ask yet). */
export function useAppointmentPrice(search: AppointmentPriceSearch | null) {
  return useQuery(appointmentPriceQueryOptions(useApiClient(), search));
}
