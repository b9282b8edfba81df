'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import type { AppointmentPayment } from '@vet/contracts/payments';
import { AppAlert } from '@/shared/components/app-alert';
import { cancelPaymentText } from '@/features/appointments/booking-payment-text';
import styles from './cancel-appointment-dialog.module.css';

/**
 * In the cancel dialog, before the last press (issue 64): what cancelling does to the deposit or card
 * hold taken with the appointment, by its refund deadline; past it, the terms agreed to, verbatim.
 */
export function CancelPaymentOutcome({
  payment,
  now,
}: {
  payment: UseQueryResult<AppointmentPayment | null>;
  now: number;
}) {
  if (payment.isError) {
    return (
      <div className={styles.problem}>
        <AppAlert severity="warning">
          We could not check the payment taken with this appointment. The terms in your confirmation e-mail
          apply.
        </AppAlert>
      </div>
    );
  }
  if (!payment.data) return null;
  const text = cancelPaymentText(payment.data, now);
  if (!text) return null;
  const late = now >= Date.parse(payment.data.refundUntil);
  return (
    <div className={styles.payment}>
      <AppAlert severity={late ? 'warning' : 'info'}>
        {text}
        {late && <span className={styles.terms}> {payment.data.terms}</span>}
      </AppAlert>
    </div>
  );
}
