'use client';

import type { BookAppointmentBody } from '@vet/contracts/appointment-booking';
import { useState } from 'react';
import { apiProblem } from '@/shared/api/api-problem';
import {
  useBookingPaymentTerms,
  type BookingPaymentTermsSearch,
} from '@/features/appointments/api/get-booking-payment-terms';
import { useStartBookingPayment } from '@/features/appointments/api/start-booking-payment';

const leaveForProvider = (url: string) => window.location.assign(url);

/**
 * Paying at booking (issue 64): the terms of the chosen reason and start (null: nothing to ask, as when
 * moving), the payment's start, and the terms said again when the API refuses them as changed.
 */
export function usePayAndBook(search: BookingPaymentTermsSearch | null, leaveFor = leaveForProvider) {
  const terms = useBookingPaymentTerms(search);
  const asked = terms.data && terms.data.kind !== 'none' ? terms.data : null;
  const start = useStartBookingPayment();
  // Set once the provider's page is opening: the press stays busy until the browser leaves.
  const [leaving, setLeaving] = useState(false);
  const [changedTerms, setChangedTerms] = useState<string | null>(null);
  /** A booking's or a payment's refusal: changed terms (or a payment now asked) are read again and said. */
  const onError = (failure: Error) => {
    const refused = apiProblem(failure);
    if (refused.code !== 'terms_changed' && refused.code !== 'payment_required') return;
    setChangedTerms(refused.message ?? 'The payment asked for this appointment has changed.');
    void terms.refetch();
  };
  const pay = (body: BookAppointmentBody) => {
    if (!asked) return;
    start.mutate(
      // The kind and amount shown, so terms changed meanwhile are refused, never charged.
      {
        body: { ...body, kind: asked.kind, amountPence: asked.amountPence },
        idempotencyKey: crypto.randomUUID(),
      },
      {
        onSuccess: ({ checkoutUrl }) => {
          setLeaving(true);
          // A navigation, not a form post: the page's form-action policy does not apply to it.
          leaveFor(checkoutUrl);
        },
        onError,
      },
    );
  };
  return {
    terms,
    asked,
    start,
    leaving,
    changedTerms,
    forgetChangedTerms: () => setChangedTerms(null),
    onError,
    pay,
  };
}
