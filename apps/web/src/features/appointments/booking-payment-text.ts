import type { BookingPaymentKind } from '@vet/contracts/payment-rules';
import { formatPounds } from '@vet/contracts/money';
import type { AppointmentPayment, Payment } from '@vet/contracts/payments';

/**
 * What the pages say of a deposit or card hold taken at booking (issue 64), in one place so the confirm
 * step, the return page and the cancel dialog say it alike. No zod here: the browser imports it.
 */

/** "£20.00 deposit", "£30.00 card hold". */
export function paymentNoun(kind: BookingPaymentKind, amountPence: number): string {
  return `${formatPounds(amountPence)} ${kind === 'deposit' ? 'deposit' : 'card hold'}`;
}

/** The confirm step's press, naming the money before it moves. */
export function payAndBookLabel(kind: BookingPaymentKind, amountPence: number): string {
  return kind === 'deposit'
    ? `Pay ${formatPounds(amountPence)} deposit and book`
    : `Hold ${formatPounds(amountPence)} on your card and book`;
}

/** Above the terms: what is asked, in a line. */
export function paymentAskedText(kind: BookingPaymentKind, amountPence: number): string {
  return kind === 'deposit'
    ? `This appointment needs a ${formatPounds(amountPence)} deposit, paid when you book.`
    : `This appointment needs a hold of ${formatPounds(amountPence)} on your card when you book. Nothing is taken unless the terms below say so.`;
}

/**
 * What cancelling does to the money, said before the last press: in time, a deposit refunded or a hold
 * released; after, what the practice's terms keep. Null when nothing is held any more (already refunded,
 * released or never taken).
 */
export function cancelPaymentText(payment: AppointmentPayment, now: number): string | null {
  const amount = formatPounds(payment.amountPence);
  const held = payment.status === 'paid' || payment.status === 'authorised';
  if (!held || payment.refund) return null;
  const inTime = now < Date.parse(payment.refundUntil);
  if (payment.kind === 'deposit') {
    return inTime
      ? `Your ${amount} deposit will be refunded in full.`
      : `The practice keeps your ${amount} deposit, as its terms say.`;
  }
  return inTime
    ? `The ${amount} held on your card will be released.`
    : `The practice takes the ${amount} held on your card, as its terms say.`;
}

/** Where a refund stands, for the owner: on its way, done, or stuck (the practice is told). */
export function refundText(refund: NonNullable<Payment['refund']>): string {
  const amount = formatPounds(refund.amountPence);
  switch (refund.status) {
    case 'pending':
      return `${amount} is being refunded to your card. It can take up to 10 working days to show.`;
    case 'succeeded':
      return `${amount} was refunded to your card. It can take up to 10 working days to show.`;
    case 'failed':
      return `We could not refund ${amount} to your card. Your practice has been told and will contact you.`;
  }
}

/**
 * The return page's states: the provider yet to say; booked; the time released with nothing taken (the
 * owner left the page, or the payment failed or ran out); the time not kept although money was taken or
 * held (refunded, or the hold voided).
 */
export type PaymentReturnState = 'confirming' | 'booked' | 'not-taken' | 'not-kept';

export function paymentReturnState(payment: Payment): PaymentReturnState {
  const state = payment.booking?.state;
  if (state === 'booked') return 'booked';
  if (state === 'held') return 'confirming';
  return payment.refund !== null || payment.status === 'voided' || payment.status === 'paid'
    ? 'not-kept'
    : 'not-taken';
}

/** Each state's heading, which a screen reader hears and the status region announces when it changes. */
export const paymentReturnHeadings: Record<PaymentReturnState, string> = {
  confirming: 'We are confirming your payment',
  booked: 'Your appointment is booked',
  'not-taken': 'No payment was taken',
  'not-kept': 'We could not keep that time',
};

/**
 * Why a payment did not start, for the refusals that belong to paying (issue 64); null for any other
 * (a time taken, a cap), which the step says as it says a booking's.
 */
export function paymentStartProblemText(problem: {
  status: number | null;
  code: string | null;
}): string | null {
  if (problem.code === 'payments_off') {
    return 'Paying online is not available at the moment, so this appointment cannot be booked online. Call the practice to book it.';
  }
  if (problem.status === null || problem.status >= 500) {
    return 'Paying online is not working just now. Nothing has been taken and the time is not held. Try again in a few minutes, or call the practice.';
  }
  return null;
}

/**
 * What happened to the money of a cancelled appointment, or null when nothing was paid or held. A
 * refund or release due (cancelled before the deadline) but not yet on record is said as under way: the
 * API asks the provider after the cancel, and again on its sweep when the provider was down.
 */
export function cancelledPaymentText(
  payment: Pick<Payment, 'status' | 'amountPence' | 'refund'>,
  cancelledInTime: boolean,
): string | null {
  const amount = formatPounds(payment.amountPence);
  if (payment.refund) return refundText(payment.refund);
  switch (payment.status) {
    case 'voided':
      return `The ${amount} held on your card was released.`;
    case 'paid':
      return cancelledInTime
        ? `Your ${amount} deposit is being refunded in full.`
        : `The practice keeps your ${amount} deposit, as its terms say.`;
    case 'authorised':
      return cancelledInTime
        ? `The ${amount} held on your card is being released.`
        : `The practice takes the ${amount} held on your card, as its terms say.`;
    case 'captured':
      return cancelledInTime
        ? `The ${amount} taken from your card is being refunded in full.`
        : `The practice took the ${amount} held on your card, as its terms say.`;
    // Nothing was taken (pending, expired), or it was given back without a refund on record.
    case 'pending':
    case 'expired':
    case 'refunded':
      return null;
  }
}
