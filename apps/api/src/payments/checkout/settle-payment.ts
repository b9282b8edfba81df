import type { PaymentStatus } from '@vet/contracts/payment-rules';
import type { Payment } from '@vet/contracts/payments';
import type { Database, Executor } from '@vet/db/connection';
import { enqueueEmail } from '@vet/email/enqueue-email';
import { recordPracticeEvent } from '@vet/practice-events/record-events';
import type { CheckoutState, PaymentProvider, RefundEvent } from '../provider/index.ts';
import { paymentFacts } from './payment-facts.ts';
import { paymentReceiptEmail } from './payment-receipt.ts';
import type { PaymentRow, PaymentsRepository } from './payments-repository.ts';

export interface PaymentsDeps {
  db: Database;
  repository: PaymentsRepository;
  /** Null: paying online is off (no provider configured); the pages offer no payment. */
  provider: PaymentProvider | null;
  portalUrl: string;
  brandName: string;
  /** Deposits and holds at booking (decision 0158); none where only bills are paid (some tests). */
  bookings?: BookingPaymentHooks | undefined;
}

/**
 * What a deposit's or hold's payment does to its booking (payments/booking-payments, decision 0158), given
 * to the checkout by the app's wiring so that this module knows nothing of appointments.
 */
export interface BookingPaymentHooks {
  /** Paid or held, under the payment's lock: its held time becomes the appointment (its id), or null. */
  taken(tx: Executor, payment: PaymentRow): Promise<number | null>;
  /** Ended unpaid, under the payment's lock: its held time is free again. */
  ended(tx: Executor, payment: PaymentRow): Promise<void>;
  /** The terms shown before payment, for the receipt. */
  terms(payment: PaymentRow, refs: { practice_name: string }): string | null;
  /** After the commit: the refund, void or capture its booking now calls for (never under a lock). */
  afterSettled(paymentId: number): Promise<void>;
  /** What the owner is shown of its booking and refund. */
  describe(paymentId: number): Promise<Pick<Payment, 'booking' | 'refund'>>;
  /** A refund's later news from the provider's webhook. */
  refundNews(news: RefundEvent): Promise<void>;
}

/**
 * The provider's word on a payment, applied under the payment's lock; the same word twice changes nothing,
 * so the webhook, the owner's return and the sweep may each bring it, in any order (decision 0157). Paid
 * wins over expired: money taken is always recorded, even after the portal gave the attempt up. A
 * deposit's or hold's time becomes its appointment in the same transaction (decision 0158).
 */
export async function settle(
  deps: PaymentsDeps,
  tx: Executor,
  paymentId: number,
  state: CheckoutState,
): Promise<{ status: PaymentStatus; purpose: PaymentRow['purpose'] } | undefined> {
  const payment = await deps.repository.lock(tx, paymentId);
  if (!payment) return undefined;
  const { purpose } = payment;
  const taken = state.stage === 'paid' || state.stage === 'authorised';
  if (taken && (payment.status === 'pending' || payment.status === 'expired')) {
    return { status: await recordTaken(deps, tx, payment, state), purpose };
  }
  if (state.stage === 'expired' && payment.status === 'pending') {
    await deps.repository.markExpired(tx, paymentId);
    if (purpose !== 'invoice') await deps.bookings?.ended(tx, payment);
    return { status: 'expired', purpose };
  }
  return { status: payment.status, purpose };
}

async function recordTaken(
  deps: PaymentsDeps,
  tx: Executor,
  payment: PaymentRow,
  state: CheckoutState,
): Promise<PaymentStatus> {
  const held = payment.purpose === 'card_hold' && state.stage === 'authorised';
  const change = { intentId: state.paymentIntentId, sessionId: state.sessionId };
  await (held
    ? deps.repository.markAuthorised(tx, payment.id, change)
    : deps.repository.markPaid(tx, payment.id, change));
  const appointmentId =
    payment.purpose === 'invoice' ? null : ((await deps.bookings?.taken(tx, payment)) ?? null);
  if (appointmentId !== null) await deps.repository.setAppointment(tx, payment.id, appointmentId);
  const refs = await deps.repository.eventRefs(tx, payment.id);
  const at = new Date((held ? refs.authorised_at : refs.paid_at) ?? Date.now());
  const facts = { ...(await paymentFacts(tx, payment.id)), provider_checkout_id: state.sessionId };
  if (held) {
    await recordPracticeEvent(tx, 'payment.hold_placed', { ...facts, authorised_at: at.toISOString() });
  } else {
    await recordPracticeEvent(tx, 'payment.received', {
      ...facts,
      invoice_id: payment.invoice_id,
      invoice_ref: refs.invoice_ref,
      paid_at: at.toISOString(),
    });
  }
  if (refs.email && refs.first_name) {
    const receipt = paymentReceiptEmail(deps, {
      email: refs.email,
      first_name: refs.first_name,
      practice_name: refs.practice_name,
      owner_name: refs.owner_name,
      amount_pence: payment.amount_pence,
      description: payment.description,
      paid_at: at,
      provider_payment_id: state.paymentIntentId,
      invoice_id: payment.invoice_id,
      held,
      terms: payment.purpose === 'invoice' ? null : (deps.bookings?.terms(payment, refs) ?? null),
      payment_id: payment.id,
    });
    await enqueueEmail(tx, receipt);
  }
  return held ? 'authorised' : 'paid';
}
