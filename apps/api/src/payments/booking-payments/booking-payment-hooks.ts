import type { Payment } from '@vet/contracts/payments';
import type { Database } from '@vet/db/connection';
import { sql } from 'drizzle-orm';
import { bookPaymentHold, releasePaymentHold, type BookingDeps } from '../../appointments/index.ts';
import type { BookingPaymentHooks, PaymentRow } from '../checkout/index.ts';
import type { PaymentProvider } from '../provider/index.ts';
import { applyBookingRules, refundNews, type BookingRulesDeps } from './apply-booking-rules.ts';
import { shownTerms, termsText } from './booking-terms.ts';

type BookingView = NonNullable<Payment['booking']>;

/** What the owner is shown of a deposit's or hold's booking and refund (GET /v2/payments/{id}). */
async function describe(db: Database, paymentId: number): Promise<Pick<Payment, 'booking' | 'refund'>> {
  const { rows } = await db.execute<{
    purpose: 'deposit' | 'card_hold';
    amount_pence: number;
    refund_until: string | Date;
    cutoff_minutes: number;
    appointment_id: number | null;
    a_starts_at: string | Date | null;
    s_status: string | null;
    s_expires_at: string | Date | null;
    r_status: 'pending' | 'succeeded' | 'failed' | null;
    r_amount_pence: number | null;
    created_at: string | Date;
  }>(sql`
    select p.purpose, p.amount_pence, p.created_at, p.refund_until, p.cutoff_minutes, p.appointment_id,
      a.starts_at as a_starts_at, s.status as s_status, s.expires_at as s_expires_at,
      r.status as r_status, r.amount_pence as r_amount_pence
    from online_payments p
    left join appointments a on a.id = p.appointment_id
    left join soft_bookings s on s.id = p.soft_booking_id
    left join payment_refunds r on r.payment_id = p.id
    where p.id = ${paymentId}`);
  const row = rows[0];
  if (!row) return { booking: null, refund: null };
  const { refundUntil, terms } = shownTerms({
    purpose: row.purpose,
    amountPence: row.amount_pence,
    refundUntil: new Date(row.refund_until),
    cutoffMinutes: row.cutoff_minutes,
    startsAt: row.a_starts_at === null ? null : new Date(row.a_starts_at),
    bookedAt: new Date(row.created_at),
  });
  // Held while its time stands: past its end (the page closes then too) it is released, swept or not.
  const held =
    row.s_status === 'Held' &&
    row.appointment_id === null &&
    row.s_expires_at !== null &&
    new Date(row.s_expires_at) > new Date();
  const state: BookingView['state'] = row.appointment_id !== null ? 'booked' : held ? 'held' : 'released';
  return {
    booking: {
      state,
      heldUntil: held && row.s_expires_at !== null ? new Date(row.s_expires_at).toISOString() : null,
      appointmentId: row.appointment_id,
      refundUntil: refundUntil.toISOString(),
      terms,
    },
    refund: row.r_status === null ? null : { status: row.r_status, amountPence: row.r_amount_pence! },
  };
}

/**
 * The checkout's hooks for deposits and card holds (decision 0158): a payment taken turns its held time
 * into the appointment, an attempt ended frees it, and after each settlement the booking's rules run.
 */
export function createBookingPaymentHooks(
  db: Database,
  booking: BookingDeps,
  provider: PaymentProvider | null,
): BookingPaymentHooks {
  const rules: BookingRulesDeps = { db, provider, now: booking.now };
  /** The terms just agreed to, for the receipt and the booking's confirmation. */
  const termsOf = (payment: PaymentRow) =>
    payment.purpose === 'invoice' || !payment.refund_until
      ? null
      : termsText(payment.purpose, payment.amount_pence, payment.refund_until, { now: booking.now() });
  return {
    async taken(tx, payment: PaymentRow) {
      if (!payment.soft_booking_id) return null;
      const outcome = await bookPaymentHold(
        tx,
        booking,
        payment.soft_booking_id,
        termsOf(payment) ?? undefined,
      );
      return outcome.kind === 'booked' ? outcome.appointmentId : null;
    },
    async ended(tx, payment: PaymentRow) {
      if (payment.soft_booking_id) await releasePaymentHold(tx, payment.soft_booking_id);
    },
    terms: termsOf,
    afterSettled: (paymentId) => applyBookingRules(rules, paymentId),
    describe: (paymentId) => describe(db, paymentId),
    refundNews: (news) => refundNews(rules, news),
  };
}
