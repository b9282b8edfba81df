'use client';

import { formatPounds } from '@vet/contracts/money';
import type { Payment } from '@vet/contracts/payments';
import { useCallback, useEffect, useRef, useState } from 'react';
import { AppAlert } from '@/shared/components/app-alert';
import { LoadError } from '@/shared/components/load-error';
import { Button } from '@/shared/ui/button';
import { useAppointment } from '@/features/appointments/api/get-appointment';
import { useBookingPayment } from '@/features/appointments/api/get-booking-payment';
import { formatLabelledAppointmentTime } from '@/shared/dates/appointment-time';
import {
  cancelledPaymentText,
  paymentReturnHeadings,
  paymentReturnState,
  refundText,
} from '@/features/appointments/booking-payment-text';
import { BookedAppointments } from './booked-appointments';
import { Pending, Section } from './booking-parts';
import styles from './booking-payment-return.module.css';
import { HoldCountdown } from './hold-countdown';

type BookingOf = NonNullable<Payment['booking']>;

/** A state's heading: each is the page's second level, heard first when the state is drawn. */
function StateHeading({ state }: { state: keyof typeof paymentReturnHeadings }) {
  return <h2>{paymentReturnHeadings[state]}</h2>;
}

function Confirming(props: { booking: BookingOf; checking: boolean; failed: boolean; onCheck: () => void }) {
  const { booking } = props;
  return (
    <Section>
      <div className={styles.body}>
        <StateHeading state="confirming" />
        <p>
          The payment provider has not told us yet whether your payment went through. This page checks again
          every few seconds; nothing is taken twice.
        </p>
        {booking.heldUntil && (
          <HoldCountdown
            expiresAt={booking.heldUntil}
            onEnded={props.onCheck}
            endingNote="If the payment is not confirmed by then, the time is released and nothing is taken."
            endedNote="We are asking the payment provider one last time."
          />
        )}
        {props.failed && (
          <AppAlert severity="warning">We could not check just now. We will try again in a moment.</AppAlert>
        )}
        <div className={styles.actions}>
          <Button variant="outlined" loading={props.checking} onClick={props.onCheck}>
            Check again
          </Button>
        </div>
      </div>
    </Section>
  );
}

/** What was paid or held, the terms agreed to, and the receipt: under the booked appointment. */
function PaymentFacts({ payment, booking }: { payment: Payment; booking: BookingOf }) {
  const amount = formatPounds(payment.amountPence);
  return (
    <div className={styles.facts}>
      <p>
        {payment.purpose === 'card_hold'
          ? `${amount} is held on your card. Nothing is taken unless the terms below say so.`
          : `You paid a ${amount} deposit.`}{' '}
        A receipt is on its way to your e-mail.
      </p>
      <p className={styles.terms}>{booking.terms}</p>
    </div>
  );
}

function Booked({ payment, booking }: { payment: Payment; booking: BookingOf }) {
  const appointment = useAppointment(booking.appointmentId);
  if (appointment.isError) {
    return (
      <Section>
        <StateHeading state="booked" />
        <PaymentFacts payment={payment} booking={booking} />
        <LoadError message="We could not load your appointment." onRetry={() => void appointment.refetch()} />
      </Section>
    );
  }
  if (appointment.isPending) return <Pending label="Loading your appointment…" />;
  // Opened again later (the receipt links here) after the appointment was cancelled.
  if (appointment.data.status === 'Cancelled') {
    const cancelledAt = Date.parse(appointment.data.cancelledAt ?? '');
    return (
      <Section>
        <div className={styles.body}>
          <h2>This appointment was cancelled</h2>
          <p>
            {appointment.data.petName}’s {appointment.data.reasonName} on{' '}
            {formatLabelledAppointmentTime(appointment.data.startsAt)} was cancelled.{' '}
            {cancelledPaymentText(payment, cancelledAt < Date.parse(booking.refundUntil))}
          </p>
          <div className={styles.actions}>
            <Button href="/appointments" variant="outlined">
              See your appointments
            </Button>
          </div>
        </div>
      </Section>
    );
  }
  return (
    <BookedAppointments heading={paymentReturnHeadings.booked} appointments={[appointment.data]}>
      <PaymentFacts payment={payment} booking={booking} />
    </BookedAppointments>
  );
}

function Released({ payment }: { payment: Payment }) {
  const state = paymentReturnState(payment);
  const held = payment.purpose === 'card_hold';
  return (
    <Section>
      <div className={styles.body}>
        <StateHeading state={state} />
        {state === 'not-taken' ? (
          <p>You left the payment page without paying, so nothing was taken and the time was released.</p>
        ) : (
          <p>
            The time was no longer free when your payment was confirmed, so it could not be booked.{' '}
            {payment.refund
              ? refundText(payment.refund)
              : held
                ? `The ${formatPounds(payment.amountPence)} held on your card was released.`
                : null}
          </p>
        )}
        <div className={styles.actions}>
          <Button href="/appointments/book" variant="contained">
            Book an appointment
          </Button>
          <Button href="/appointments" variant="outlined">
            See your appointments
          </Button>
        </div>
      </div>
    </Section>
  );
}

/**
 * Back from the provider's page (issue 64): where the payment and its booking stand, first read on the
 * server, then read again every few seconds while the provider has not said. A change of state is
 * announced politely by its heading.
 */
export function BookingPaymentReturn({ initial }: { initial: Payment }) {
  const query = useBookingPayment(initial);
  const payment = query.data;
  const state = paymentReturnState(payment);
  // Stable, so the countdown's end asks once rather than on every redraw.
  const { refetch } = query;
  const recheck = useCallback(() => void refetch(), [refetch]);
  const [announced, setAnnounced] = useState('');
  const first = useRef(state);
  useEffect(() => {
    if (state !== first.current) setAnnounced(paymentReturnHeadings[state]);
  }, [state]);
  useEffect(() => {
    // The provider's Back came with ?cancelled=1, already acted on by the server: a reload only reads.
    const address = new URL(window.location.href);
    if (!address.searchParams.has('cancelled')) return;
    address.searchParams.delete('cancelled');
    window.history.replaceState(window.history.state, '', `${address.pathname}${address.search}`);
  }, []);
  const booking = payment.booking;
  return (
    <div className={styles.steps}>
      <div role="status" className="visually-hidden">
        {announced}
      </div>
      {booking && state === 'confirming' && (
        <Confirming
          booking={booking}
          checking={query.isFetching}
          failed={query.isRefetchError}
          onCheck={recheck}
        />
      )}
      {booking && state === 'booked' && <Booked payment={payment} booking={booking} />}
      {(state === 'not-taken' || state === 'not-kept') && <Released payment={payment} />}
    </div>
  );
}
