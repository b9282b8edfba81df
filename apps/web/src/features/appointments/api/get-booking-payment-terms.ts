import type { BookingPaymentTerms, BookingPaymentTermsQuery } from '@vet/contracts/payments';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';

export type BookingPaymentTermsSearch = {
  [K in keyof BookingPaymentTermsQuery]: K extends 'startsAt' ? string : number;
};

/**
 * GET /v2/appointment-payments/terms (issue 64): what booking a reason at a start asks of this client,
 * nothing, a deposit or a card hold, with the terms to show before payment.
 */
export function getBookingPaymentTerms(
  api: ApiClient,
  search: BookingPaymentTermsSearch,
  signal?: AbortSignal,
): Promise<BookingPaymentTerms> {
  return api.get<BookingPaymentTerms>('/v2/appointment-payments/terms', { query: { ...search }, signal });
}

export const bookingPaymentTermsKey = ['booking-payment-terms'] as const;

export function bookingPaymentTermsQueryOptions(api: ApiClient, search: BookingPaymentTermsSearch | null) {
  return queryOptions({
    queryKey: [...bookingPaymentTermsKey, search],
    queryFn: search ? ({ signal }) => getBookingPaymentTerms(api, search, signal) : skipToken,
    // The API refuses a payment started on terms that changed (409 terms_changed), and the page reads
    // them again then: a read per confirm step is enough.
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}

/** The terms of the chosen reason and start; null: nothing chosen yet (or nothing to ask, as when moving). */
export function useBookingPaymentTerms(search: BookingPaymentTermsSearch | null) {
  return useQuery(bookingPaymentTermsQueryOptions(useApiClient(), search));
}
