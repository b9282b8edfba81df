import { z } from 'zod';
import { maxBillPence } from './bill-rules.ts';
import { paymentPurposes, paymentStatuses } from './payment-rules.ts';
import { serialId, serialIdParam } from './ids.ts';

/**
 * The client's payment routes (issue 64, decision 0157). Amounts are whole pence; the owner names the
 * amount they were shown, so a bill that changed in between is refused with the new amount.
 */

/** POST /v2/bills/invoices/{invoiceId}/payment */
export const invoicePaymentRequestSchema = z.object({
  amountPence: z.number().int().min(1).max(maxBillPence),
});
export type InvoicePaymentRequest = z.infer<typeof invoicePaymentRequestSchema>;

/** Where to send the owner: the provider's hosted page, and the payment to ask about on return. */
export const startedPaymentSchema = z.object({
  paymentId: serialId,
  checkoutUrl: z.url({ protocol: /^https?$/ }),
});
export type StartedPayment = z.infer<typeof startedPaymentSchema>;

export const paymentIdParamsSchema = z.object({ paymentId: serialIdParam });

/** GET /v2/payments/{paymentId} and POST …/cancel */
export const paymentSchema = z.object({
  id: serialId,
  purpose: z.enum(paymentPurposes),
  status: z.enum(paymentStatuses),
  amountPence: z.number().int().positive(),
  invoiceId: serialId.nullable(),
  paidAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;
