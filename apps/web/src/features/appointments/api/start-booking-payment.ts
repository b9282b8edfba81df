import type { StartBookingPayment, StartedBookingPayment } from '@vet/contracts/payments';
import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '@/shared/api/api-client';
import { useApiClient } from '@/shared/api/api-client-context';

export interface StartBookingPaymentInput {
  body: StartBookingPayment;
  /** One per press, as for a booking: a retried request (a lost answer) finds the first payment. */
  idempotencyKey: string;
}

/**
 * POST /v2/appointment-payments (issue 64): holds the time and opens the provider's page. 201 with where to
 * send the owner; 409 with `alternatives` when the time is taken, `terms_changed` or `payments_off`; 503
 * when the provider is down (nothing taken).
 */
export function startBookingPayment(api: ApiClient, { body, idempotencyKey }: StartBookingPaymentInput) {
  return api.post<StartedBookingPayment>('/v2/appointment-payments', {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Starts the payment; the caller sends the browser to `checkoutUrl` (nothing in the cache changes yet). */
export function useStartBookingPayment() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (input: StartBookingPaymentInput) => startBookingPayment(api, input),
  });
}
