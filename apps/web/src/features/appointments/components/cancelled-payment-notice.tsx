'use client';

import { AppAlert } from '@/shared/components/app-alert';
import styles from './cancelled-payment-notice.module.css';
import { useAppointmentPayment } from '@/features/appointments/api/get-appointment-payment';
import { cancelledPaymentText } from '@/features/appointments/booking-payment-text';

/** A refund still on its way is read again this often while the page is open. */
const refundRecheckMs = 10_000;

/**
 * After a cancel on the appointments page (issue 64): the deposit's refund or the hold's release, read
 * after the cancel, and again while a refund is on its way, announced politely.
 */
export function CancelledPaymentNotice({
  appointmentId,
  what,
  cancelledAt,
}: {
  appointmentId: number;
  /** "Bramble’s New pet initial consultation": which appointment's money it is. */
  what: string;
  /** When the client pressed Cancel (ms), to judge against the refund's deadline. */
  cancelledAt: number;
}) {
  const payment = useAppointmentPayment(appointmentId, (read) =>
    read?.refund?.status === 'pending' ? refundRecheckMs : false,
  );
  const text = payment.data
    ? cancelledPaymentText(payment.data, cancelledAt < Date.parse(payment.data.refundUntil))
    : null;
  return (
    <div role="status" className={styles.notice}>
      {text && (
        <AppAlert
          severity={payment.data?.refund?.status === 'failed' ? 'warning' : 'info'}
          title={`The payment for ${what}`}
        >
          {text}
        </AppAlert>
      )}
    </div>
  );
}
