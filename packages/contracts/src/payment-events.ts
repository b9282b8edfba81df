import { z } from 'zod';
import { paymentPurposes } from './payment-rules.ts';

const id = z.number().int().positive();
const ref = z.string().nullable();

/**
 * A payment taken online (issue 64, decision 0157), so the practice's till balances: the portal's id, what
 * it was for, the amount in pence and the provider's own ids (Stripe's PaymentIntent and Checkout Session),
 * which its dashboard and payouts show. The practice system acknowledges it with its own reference
 * (`PUT /payments/online/{payment_id}/ref`); until then the bill's amount due counts it as paid.
 */
export const paymentReceivedSchema = z.object({
  payment_id: id,
  purpose: z.enum(paymentPurposes),
  practice_id: id,
  practice_ref: ref,
  client_id: id.nullable(),
  client_ref: ref,
  /** The bill it pays (purpose `invoice`): the portal's id and the practice system's reference. */
  invoice_id: id.nullable(),
  invoice_ref: ref,
  amount_pence: z.number().int().positive(),
  currency: z.literal('GBP'),
  provider: z.literal('stripe'),
  provider_payment_id: z.string(),
  provider_checkout_id: z.string(),
  paid_at: z.iso.datetime({ offset: true }),
});
