import { z } from 'zod';
import { maxBillPence } from './bill-rules.ts';
import { bookAppointmentBodySchema } from './appointment-booking.ts';
import {
  bookingPaymentKinds,
  maxBookingPaymentPence,
  paymentPurposes,
  paymentStatuses,
  refundStatuses,
} from './payment-rules.ts';
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

const instant = z.iso.datetime({ offset: true });

/** A refund of a deposit or captured hold: asked of the provider (retried), done, or failed and reported. */
export const refundSchema = z.object({
  status: z.enum(refundStatuses),
  amountPence: z.number().int().positive(),
});

/**
 * A deposit's or card hold's booking (decision 0158): the time held while the owner pays, then the
 * appointment it became; `released` when the time was not kept (the page was left, or the time was gone
 * when the payment came, in which case the money is refunded). `terms`: what is kept if the owner cancels
 * late or does not come, in the words shown before payment.
 */
export const paymentBookingSchema = z.object({
  state: z.enum(['held', 'booked', 'released']),
  heldUntil: instant.nullable(),
  appointmentId: serialId.nullable(),
  refundUntil: instant,
  terms: z.string(),
});

/** GET /v2/payments/{paymentId} and POST …/cancel */
export const paymentSchema = z.object({
  id: serialId,
  purpose: z.enum(paymentPurposes),
  status: z.enum(paymentStatuses),
  amountPence: z.number().int().positive(),
  invoiceId: serialId.nullable(),
  paidAt: instant.nullable(),
  /** A deposit's or hold's booking; null for a bill's payment. */
  booking: paymentBookingSchema.nullable(),
  refund: refundSchema.nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * GET /v2/appointment-payments/terms: what booking a reason at a start asks of this client (decision
 * 0158): nothing, a deposit, or a card hold of an amount, and the terms in the words shown before payment.
 */
export const bookingPaymentTermsQuerySchema = z.object({
  practiceId: serialIdParam,
  appointmentReasonId: serialIdParam,
  startsAt: instant,
});
export type BookingPaymentTermsQuery = z.infer<typeof bookingPaymentTermsQuerySchema>;

export const bookingPaymentTermsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({
    kind: z.enum(bookingPaymentKinds),
    amountPence: z.number().int().positive().max(maxBookingPaymentPence),
    /** Cancelled or moved before this, a deposit is refunded in full and a hold released. */
    refundUntil: instant,
    terms: z.string(),
  }),
]);
export type BookingPaymentTerms = z.infer<typeof bookingPaymentTermsSchema>;

/**
 * POST /v2/appointment-payments: the booking, with what the owner was shown (kind and amount), so a
 * policy changed in between is refused with the new terms. The time is held while the owner pays.
 */
export const startBookingPaymentSchema = bookAppointmentBodySchema.extend({
  kind: z.enum(bookingPaymentKinds),
  amountPence: z.number().int().positive().max(maxBookingPaymentPence),
});
export type StartBookingPayment = z.infer<typeof startBookingPaymentSchema>;

export const startedBookingPaymentSchema = startedPaymentSchema.extend({ heldUntil: instant });
export type StartedBookingPayment = z.infer<typeof startedBookingPaymentSchema>;

/** GET /v2/appointments/{appointmentId}/payment: the deposit or hold taken with an appointment. */
export const appointmentPaymentSchema = z.object({
  paymentId: serialId,
  kind: z.enum(bookingPaymentKinds),
  status: z.enum(paymentStatuses),
  amountPence: z.number().int().positive(),
  refundUntil: instant,
  terms: z.string(),
  refund: refundSchema.nullable(),
});
export type AppointmentPayment = z.infer<typeof appointmentPaymentSchema>;

/** The answer for one of the client's appointments: its payment, or null when it was booked without one. */
export const appointmentPaymentAnswerSchema = z.object({ payment: appointmentPaymentSchema.nullable() });
export type AppointmentPaymentAnswer = z.infer<typeof appointmentPaymentAnswerSchema>;
