import type { Payment } from '@vet/contracts/payments';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';

/** How often the return page asks again while the provider has not yet said (the API asks it each time). */
export const paymentRecheckMs = 4_000;

/** GET /v2/payments/{paymentId}: where a deposit's or hold's payment and its booking stand. */
export function getBookingPayment(api: ApiClient, paymentId: number, signal?: AbortSignal) {
  return api.get<Payment>(`/v2/payments/${paymentId}`, { signal });
}

/** Whether the provider has yet to say: the time held, the payment pending. */
export function isAwaitingProvider(payment: Payment): boolean {
  return payment.booking?.state === 'held' && payment.status === 'pending';
}

/**
 * The return page's payment, first read on the server; read again every few seconds while it waits for
 * the provider, and no more once it has an answer.
 */
export function useBookingPayment(initial: Payment) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['payments', initial.id],
    queryFn: ({ signal }) => getBookingPayment(api, initial.id, signal),
    initialData: initial,
    // The server has just read it: only the timer below, or the owner's Check again, reads it again.
    staleTime: Infinity,
    // A failed check is said at once; the next one comes with the timer anyway.
    retry: false,
    refetchInterval: (query) =>
      query.state.data && isAwaitingProvider(query.state.data) ? paymentRecheckMs : false,
    refetchOnWindowFocus: false,
  });
}
