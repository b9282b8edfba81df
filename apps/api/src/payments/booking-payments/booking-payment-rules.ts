import {
  cardHoldDays,
  type BookingPaymentKind,
  type PaymentStatus,
  type RefundReason,
  type RefundStatus,
} from '@vet/contracts/payment-rules';

const DAY_MS = 86_400_000;

/** What the rules of decision 0158 read of a deposit's or hold's payment and its appointment. */
export interface BookingFacts {
  purpose: BookingPaymentKind;
  status: PaymentStatus;
  /** As shown before payment; the appointment's own start less `cutoffMinutes` once it has moved. */
  refundUntil: Date;
  cutoffMinutes: number;
  authorisedAt: Date | null;
  appointment: {
    status: 'Booked' | 'Cancelled' | 'Completed' | 'NoShow';
    startsAt: Date;
    cancelledAt: Date | null;
    cancelledBy: 'client' | 'practice' | null;
    /** Cancelled because the owner told the portal the pet had died (its departure reason). */
    cancelledAsPetDied: boolean;
  } | null;
  refund: { status: RefundStatus; reason: RefundReason; nextAttemptAt: Date } | null;
}

export type HoldCaptureReason = 'no_show' | 'cancelled_late' | 'hold_lapsing';
export type HoldReleaseReason = 'attended' | RefundReason;

/**
 * What the booking's state now asks of its payment: give a deposit (or a taken hold) back, let a hold go,
 * take a hold, or nothing more (`keep`: a deposit kept, the rules' last word; null: not yet, look again).
 */
export type BookingDecision =
  | { kind: 'refund'; reason: RefundReason }
  | { kind: 'void'; reason: HoldReleaseReason }
  | { kind: 'capture'; reason: HoldCaptureReason }
  | { kind: 'keep' }
  | null;

/** Cancelled or moved before this, the owner gets it all back: the cut-off before the appointment's start. */
export function refundDeadline(
  facts: Pick<BookingFacts, 'refundUntil' | 'cutoffMinutes'> & { appointment: { startsAt: Date } | null },
): Date {
  const { appointment } = facts;
  return appointment
    ? new Date(appointment.startsAt.getTime() - facts.cutoffMinutes * 60_000)
    : facts.refundUntil;
}

/**
 * The rules of decision 0158, as shown before payment. The owner gets it all back (a deposit refunded, a
 * hold voided) when the time was not kept, the practice cancelled, the pet died, or they cancelled before
 * the deadline;
 * a deposit is kept, and a hold taken, after a late cancellation or a no-show; a hold is let go once the
 * owner has come. A hold still to be used on its sixth day is taken as a deposit (Stripe keeps online
 * holds 7 days), to be refunded by the same rules.
 */
export function decide(facts: BookingFacts, now: Date): BookingDecision {
  const moneyTaken = facts.status === 'paid' || facts.status === 'captured';
  const held = facts.status === 'authorised';
  if (!moneyTaken && !held) return null;
  if (facts.refund)
    return facts.refund.status === 'pending' ? { kind: 'refund', reason: facts.refund.reason } : null;
  const { appointment } = facts;
  let giveBack: RefundReason | null = null;
  let take: HoldCaptureReason | null = null;
  if (!appointment) giveBack = 'time_not_kept';
  else if (appointment.status === 'Cancelled') {
    if (appointment.cancelledBy === 'practice') giveBack = 'cancelled_by_practice';
    else if (appointment.cancelledAsPetDied) giveBack = 'pet_died';
    else if (appointment.cancelledAt !== null && appointment.cancelledAt <= refundDeadline(facts))
      giveBack = 'cancelled_in_time';
    else take = 'cancelled_late';
  } else if (appointment.status === 'NoShow') take = 'no_show';
  else if (appointment.status === 'Booked') {
    const lapsing =
      held &&
      facts.authorisedAt !== null &&
      now.getTime() - facts.authorisedAt.getTime() >= cardHoldDays * DAY_MS &&
      appointment.startsAt > now;
    return lapsing ? { kind: 'capture', reason: 'hold_lapsing' } : null;
  }
  if (moneyTaken) return giveBack ? { kind: 'refund', reason: giveBack } : { kind: 'keep' };
  if (giveBack) return { kind: 'void', reason: giveBack };
  return take ? { kind: 'capture', reason: take } : { kind: 'void', reason: 'attended' };
}

/** Back-off between a refund's attempts: a minute, then longer, up to four hours. */
export function nextRefundAttempt(attempts: number, now: Date): Date {
  const minutes = [1, 5, 15, 60, 240][Math.min(attempts, 4)]!;
  return new Date(now.getTime() + minutes * 60_000);
}
