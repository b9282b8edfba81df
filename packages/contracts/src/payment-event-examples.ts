import type { PracticeEventEnvelope, PracticeEventType } from './practice-events.ts';

type PaymentEventType = Extract<PracticeEventType, `payment.${string}`>;

/** The practice and owner who pay in every example: the client of the other examples. */
const owner = {
  practice_id: 3,
  practice_ref: 'PR-KENT-01',
  client_id: 5013,
  client_ref: 'C-877',
};

/**
 * One event of each payment type (issue 64, decisions 0157 and 0158), part of practiceEventExamples. The
 * provider's ids look like Stripe's, so a reader recognises them: PaymentIntent `pi_…`, Checkout Session
 * `cs_…` (https://docs.stripe.com/api/checkout/sessions/object), refund `re_…`
 * (https://docs.stripe.com/api/refunds/object). They tell one owner's story, so the events of one payment
 * agree: a bill paid (77); a deposit (78) given back; a hold (79) placed, then taken at a no-show; a hold
 * (80) let go when the owner came; a deposit (81) whose refund failed. The deposit's payment.received is
 * the variant in docs/practice-events.md.
 */
export const paymentEventExamples: { [T in PaymentEventType]: PracticeEventEnvelope<T> } = {
  'payment.received': {
    id: 'evt_140',
    type: 'payment.received',
    timestamp: '2026-11-28T10:02:17.904Z',
    data: {
      payment_id: 77,
      purpose: 'invoice',
      ...owner,
      appointment_id: null,
      appointment_ref: null,
      invoice_id: 2041,
      invoice_ref: 'INV-55120',
      amount_pence: 12_450,
      currency: 'GBP',
      provider: 'stripe',
      provider_payment_id: 'pi_3QxY2bLkdIwHu7ix0a1b2c3d',
      provider_checkout_id: 'cs_test_a1b2c3d4e5f6g7h8i9j0',
      paid_at: '2026-11-28T10:02:17.881Z',
    },
  },
  'payment.hold_placed': {
    id: 'evt_142',
    type: 'payment.hold_placed',
    timestamp: '2026-11-28T12:10:05.218Z',
    data: {
      payment_id: 79,
      purpose: 'card_hold',
      ...owner,
      appointment_id: 66151,
      appointment_ref: null,
      amount_pence: 4000,
      currency: 'GBP',
      provider: 'stripe',
      provider_payment_id: 'pi_3QxZ9hLkdIwHu7ix2c3d4e5f',
      provider_checkout_id: 'cs_test_c1d2e3f4g5h6i7j8k9l0',
      authorised_at: '2026-11-28T12:10:05.190Z',
    },
  },
  'payment.hold_captured': {
    id: 'evt_150',
    type: 'payment.hold_captured',
    timestamp: '2026-12-01T17:45:12.640Z',
    data: {
      payment_id: 79,
      purpose: 'card_hold',
      ...owner,
      appointment_id: 66151,
      appointment_ref: 'A-771416',
      amount_pence: 4000,
      currency: 'GBP',
      provider: 'stripe',
      provider_payment_id: 'pi_3QxZ9hLkdIwHu7ix2c3d4e5f',
      reason: 'no_show',
      captured_at: '2026-12-01T17:45:12.602Z',
    },
  },
  'payment.hold_released': {
    id: 'evt_153',
    type: 'payment.hold_released',
    timestamp: '2026-12-02T11:52:40.077Z',
    data: {
      payment_id: 80,
      purpose: 'card_hold',
      ...owner,
      appointment_id: 66152,
      appointment_ref: 'A-771420',
      amount_pence: 4000,
      currency: 'GBP',
      provider: 'stripe',
      provider_payment_id: 'pi_3Qy1AbLkdIwHu7ix3d4e5f6g',
      reason: 'attended',
      released_at: '2026-12-02T11:52:40.051Z',
    },
  },
  'payment.refunded': {
    id: 'evt_155',
    type: 'payment.refunded',
    timestamp: '2026-12-03T08:16:02.331Z',
    data: {
      payment_id: 78,
      purpose: 'deposit',
      ...owner,
      appointment_id: 66150,
      appointment_ref: 'A-771415',
      amount_pence: 2500,
      currency: 'GBP',
      provider: 'stripe',
      provider_payment_id: 'pi_3QxZ4fLkdIwHu7ix1k2l3m4n',
      refund_id: 12,
      provider_refund_id: 're_3QxZ4fLkdIwHu7ix0p9q8r7s',
      reason: 'cancelled_in_time',
      refunded_at: '2026-12-03T08:16:02.310Z',
    },
  },
  'payment.refund_failed': {
    id: 'evt_158',
    type: 'payment.refund_failed',
    timestamp: '2026-12-03T18:22:47.905Z',
    data: {
      payment_id: 81,
      purpose: 'deposit',
      ...owner,
      appointment_id: 66158,
      appointment_ref: 'A-771431',
      amount_pence: 2500,
      currency: 'GBP',
      provider: 'stripe',
      provider_payment_id: 'pi_3Qy2CdLkdIwHu7ix4e5f6g7h',
      refund_id: 13,
      reason: 'cancelled_by_practice',
      attempts: 6,
      failed_at: '2026-12-03T18:22:47.880Z',
    },
  },
};
