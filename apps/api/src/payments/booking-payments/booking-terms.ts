import { formatPounds } from '@vet/contracts/money';
import { cardHoldDays, type BookingPaymentKind } from '@vet/contracts/payment-rules';
import type { BookingPaymentTerms } from '@vet/contracts/payments';
import type { Database, Executor } from '@vet/db/connection';
import { practiceTime, type PaymentAsked } from '../../appointments/index.ts';
import { refundDeadline } from './booking-payment-rules.ts';
import { bookingPaymentsRepository } from './booking-payments-repository.ts';

const DAY_MS = 86_400_000;

/**
 * The words shown before payment, in the receipt and on the appointment (decision 0158): what is taken or
 * held, and what is kept if the owner cancels late or does not come. One function writes them, so what
 * the owner agreed to is what they are shown again.
 */
export function termsText(
  kind: BookingPaymentKind,
  amountPence: number,
  refundUntil: Date,
  options: { now: Date; insteadOfHold?: boolean },
): string {
  const amount = formatPounds(amountPence);
  const inTime = refundUntil > options.now;
  const until = practiceTime(refundUntil);
  if (kind === 'card_hold') {
    return [
      `${amount} is held on your card when you book; nothing is taken.`,
      inTime
        ? `It is released after your appointment, if you cancel before ${until}, or if the practice cancels.`
        : 'It is released after your appointment, or if the practice cancels.',
      inTime
        ? 'If you cancel after that, or do not come, the practice takes it.'
        : 'This is within the practice’s cancellation notice: if you cancel or do not come, the practice takes it.',
    ].join(' ');
  }
  return [
    ...(options.insteadOfHold
      ? [
          `A card can be held for ${cardHoldDays} days at most, so for an appointment further away a deposit is taken instead.`,
        ]
      : []),
    `A deposit of ${amount} is taken when you book and counts towards your bill.`,
    inTime
      ? `If you cancel or move the appointment before ${until}, or the practice cancels it, you get it all back.`
      : 'If the practice cancels the appointment, you get it all back.',
    inTime
      ? 'If you cancel after that, or do not come, the practice keeps it.'
      : 'This is within the practice’s cancellation notice: if you cancel or do not come, the practice keeps it.',
  ].join(' ');
}

/**
 * A booking payment's deadline and terms as the owner reads them afterwards: the deadline from its
 * appointment's start now (a move carries it), the words judged from when the owner booked.
 */
export function shownTerms(payment: {
  purpose: BookingPaymentKind;
  amountPence: number;
  refundUntil: Date;
  cutoffMinutes: number;
  startsAt: Date | null;
  bookedAt: Date;
}) {
  const refundUntil = refundDeadline({
    refundUntil: payment.refundUntil,
    cutoffMinutes: payment.cutoffMinutes,
    appointment: payment.startsAt && { startsAt: payment.startsAt },
  });
  const terms = termsText(payment.purpose, payment.amountPence, refundUntil, { now: payment.bookedAt });
  return { refundUntil, terms };
}

/**
 * What booking the reason at the start asks of this client (decision 0158): nothing, or the practice's
 * deposit or hold with its terms. A hold for a visit further off than a card can be held is a deposit.
 */
export async function termsFor(
  db: Executor,
  booking: { clientId: number; practiceId: number; reasonId: number; startsAt: Date; cutoffMinutes: number },
  now: Date,
): Promise<BookingPaymentTerms> {
  const policy = await bookingPaymentsRepository.policyFor(
    db,
    booking.clientId,
    booking.practiceId,
    booking.reasonId,
    now,
  );
  if (!policy) return { kind: 'none' };
  const insteadOfHold =
    policy.kind === 'card_hold' && booking.startsAt.getTime() - now.getTime() > cardHoldDays * DAY_MS;
  const kind: BookingPaymentKind = insteadOfHold ? 'deposit' : policy.kind;
  const refundUntil = new Date(booking.startsAt.getTime() - booking.cutoffMinutes * 60_000);
  return {
    kind,
    amountPence: policy.amount_pence,
    refundUntil: refundUntil.toISOString(),
    terms: termsText(kind, policy.amount_pence, refundUntil, { now, insteadOfHold }),
  };
}

/**
 * Booking's question (decision 0158): does the practice ask a payment for this reason of this client? A
 * guest (no client) is a new client; an appointment that already has its payment keeps it on a change.
 */
export function paymentAskedOf(db: Database): PaymentAsked {
  return async ({ clientId, practiceId, reasonId, appointmentId }) => {
    if (appointmentId !== undefined && (await bookingPaymentsRepository.hasPayment(db, appointmentId)))
      return false;
    const policy = await bookingPaymentsRepository.policyFor(
      db,
      clientId ?? 0,
      practiceId,
      reasonId,
      new Date(),
    );
    return policy !== undefined;
  };
}
