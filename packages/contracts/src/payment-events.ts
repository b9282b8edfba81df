import { z } from 'zod';
import { paymentPurposes, refundReasons } from './payment-rules.ts';

const id = z.number().int().positive();
const ref = z.string().nullable();
const instant = z.iso.datetime({ offset: true });

/** What every payment event names: the payment, whose it is, what it was for, and the provider's id. */
const paymentFacts = {
  payment_id: id,
  purpose: z.enum(paymentPurposes),
  practice_id: id,
  practice_ref: ref,
  client_id: id.nullable(),
  client_ref: ref,
  /** A deposit's or card hold's appointment (decision 0158); null for a bill, or a time not kept. */
  appointment_id: id.nullable(),
  appointment_ref: ref,
  amount_pence: z.number().int().positive(),
  currency: z.literal('GBP'),
  provider: z.literal('stripe'),
  /** Stripe's PaymentIntent, which its dashboard and payouts show. */
  provider_payment_id: z.string(),
};

/**
 * A payment taken online (issue 64, decisions 0157 and 0158), so the practice's till balances: the portal's
 * id, what it was for (a bill, or a deposit at booking), the amount in pence and the provider's own ids
 * (Stripe's PaymentIntent and Checkout Session). The practice system acknowledges it with its own reference
 * (`PUT /payments/online/{payment_id}/ref`); until then the bill's amount due counts it as paid.
 */
export const paymentReceivedSchema = z.object({
  ...paymentFacts,
  /** The bill it pays (purpose `invoice`): the portal's id and the practice system's reference. */
  invoice_id: id.nullable(),
  invoice_ref: ref,
  provider_checkout_id: z.string(),
  paid_at: instant,
});

/** A card hold placed at booking (decision 0158): the amount is held on the owner's card, not taken. */
export const paymentHoldPlacedSchema = z.object({
  ...paymentFacts,
  provider_checkout_id: z.string(),
  authorised_at: instant,
});

/**
 * A card hold taken (decision 0158): the owner did not come, cancelled after the cut-off, or the hold would
 * have lapsed at the provider before the visit (then it is a deposit, refunded by the same rules).
 */
export const paymentHoldCapturedSchema = z.object({
  ...paymentFacts,
  reason: z.enum(['no_show', 'cancelled_late', 'hold_lapsing']),
  captured_at: instant,
});

/** A card hold let go (decision 0158): nothing is taken. */
export const paymentHoldReleasedSchema = z.object({
  ...paymentFacts,
  reason: z.enum(['attended', ...refundReasons]),
  released_at: instant,
});

/** A deposit or taken hold given back in full (decision 0158), with Stripe's refund id. */
export const paymentRefundedSchema = z.object({
  ...paymentFacts,
  refund_id: id,
  provider_refund_id: z.string(),
  reason: z.enum(refundReasons),
  refunded_at: instant,
});

/**
 * A refund the provider refused or could not make after every attempt (decision 0158): the practice
 * gives the money back itself; the day's reconciliation shows Stripe's failed refund too.
 */
export const paymentRefundFailedSchema = z.object({
  ...paymentFacts,
  refund_id: id,
  reason: z.enum(refundReasons),
  attempts: z.number().int().positive(),
  failed_at: instant,
});
