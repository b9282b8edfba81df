'use client';

import { formatPounds } from '@vet/contracts/money';
import type { AppointmentPayment } from '@vet/contracts/payments';
import { AppAlert } from '@/shared/components/app-alert';
import { useAppointmentPayment } from '@/features/appointments/api/get-appointment-payment';
import { refundText } from '@/features/appointments/booking-payment-text';

/** A refund still on its way is read again this often while the page is open. */
const refundRecheckMs = 10_000;

/** What happened to the money of a cancelled appointment, or null when nothing was paid or held. */
export function cancelledPaymentText(payment: AppointmentPayment): string | null {
  const amount = formatPounds(payment.amountPence);
  if (payment.refund) return refundText(payment.refund);
  switch (payment.status) {
    case 'voided':
      return `The ${amount} held on your card was released.`;
    case 'paid':
      return `The practice keeps your ${amount} deposit, as its terms say.`;
    case 'authorised':
    case 'captured':
      return `The practice takes the ${amount} held on your card, as its terms say.`;
    // Nothing was taken (pending, expired), or it was given back without a refund on record.
    case 'pending':
    case 'expired':
    case 'refunded':
      return null;
  }
}

/**
 * After a cancel on the appointments page (issue 64): the deposit's refund or the hold's release, read
 * after the cancel, and again while a refund is on its way, announced politely.
 */
export function CancelledPaymentNotice({ appointmentId }: { appointmentId: number }) {
  const payment = useAppointmentPayment(appointmentId, (query) =>
    query.state.data?.refund?.status === 'pending' ? refundRecheckMs : false,
  );
  const text = payment.data ? cancelledPaymentText(payment.data) : null;
  return (
    <div role="status">
      {text && (
        <AppAlert
          severity={payment.data?.refund?.status === 'failed' ? 'warning' : 'info'}
          title="Your payment"
        >
          {text}
        </AppAlert>
      )}
    </div>
  );
}
