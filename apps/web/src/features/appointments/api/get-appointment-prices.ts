import { useQueries } from '@tanstack/react-query';
import { useApiClient } from '@/shared/api/api-client-context';
import { appointmentPriceQueryOptions, type AppointmentPriceSearch } from './get-appointment-price';

// Apart from get-appointment-price.ts, so the pages that ask for one quote (the guest's booking) load
// none of React Query's useQueries.
/** The day's quote for each pet (one for an appointment of its own, one per pet of a visit). */
export function useAppointmentPrices(
  search: Omit<AppointmentPriceSearch, 'petId'>,
  petIds: readonly number[],
) {
  const api = useApiClient();
  return useQueries({
    queries: petIds.map((petId) => appointmentPriceQueryOptions(api, { ...search, petId })),
  });
}
