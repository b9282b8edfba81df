import { z } from 'zod';
import {
  bookingPaymentAudiences,
  bookingPaymentKinds,
  maxBookingPaymentPence,
  minBookingPaymentPence,
} from './payment-rules.ts';
import { practiceSystemRefSchema } from './practice-system-ref.ts';

/**
 * What a practice asks to book a reason online (issue 64, decision 0158), set by its practice system
 * through the integration API: a deposit or a card hold of an amount in whole pence, for everyone, clients
 * new to the practice, or after a no-show. Practices and reasons are named by the practice system's own
 * references, as every other route of the integration API names them.
 */

export const bookingPaymentPracticeParamsSchema = z.object({
  practice_ref: practiceSystemRefSchema.describe('The practice system’s reference of the practice.'),
});

export const bookingPaymentParamsSchema = bookingPaymentPracticeParamsSchema.extend({
  reason_ref: practiceSystemRefSchema.describe('The practice system’s reference of the appointment reason.'),
});

const amountRefusal = `amount_pence is whole pence from ${minBookingPaymentPence} to ${maxBookingPaymentPence}.`;

/** PUT …/booking-payment: the reason's policy at the practice as it is now (replacing any before). */
export const bookingPaymentBodySchema = z
  .strictObject({
    kind: z.enum(bookingPaymentKinds).describe('`deposit`: taken at booking; `card_hold`: authorised only.'),
    amount_pence: z
      .number({ error: amountRefusal })
      .int(amountRefusal)
      .min(minBookingPaymentPence, amountRefusal)
      .max(maxBookingPaymentPence, amountRefusal)
      .describe('The amount in whole pence (GBP).'),
    applies_to: z
      .enum(bookingPaymentAudiences)
      .optional()
      .describe('Whom it is asked of: `everyone` (when left out), `new_clients` or `after_no_show`.'),
  })
  .meta({ examples: [{ kind: 'deposit', amount_pence: 2000, applies_to: 'new_clients' }] });
export type BookingPaymentBody = z.infer<typeof bookingPaymentBodySchema>;

/** One reason's policy at a practice, and who set it last (the practice system or the operator). */
export const bookingPaymentPolicySchema = z.object({
  reason_ref: z.string().nullable().describe('Null for a reason the practice system gave no reference.'),
  /** The portal's id of the reason: what its booking routes name it by. */
  reason_id: z.number().int(),
  kind: z.enum(bookingPaymentKinds),
  amount_pence: z.number().int(),
  applies_to: z.enum(bookingPaymentAudiences),
  source: z.enum(['practice_system', 'operator']),
  updated_at: z.iso.datetime({ offset: true }),
});
export type BookingPaymentPolicyAnswer = z.infer<typeof bookingPaymentPolicySchema>;

/** PUT's answer: 201 created, 200 changed (`applied`) or the same again (`unchanged`). */
export const bookingPaymentWriteSchema = bookingPaymentPolicySchema.extend({
  outcome: z.enum(['applied', 'unchanged']),
});
export type BookingPaymentWrite = z.infer<typeof bookingPaymentWriteSchema>;

/** GET /practices/{practice_ref}/booking-payments: every reason's policy at the practice, by reason. */
export const bookingPaymentListSchema = z.object({
  practice_ref: z.string(),
  policies: z.array(bookingPaymentPolicySchema),
});
export type BookingPaymentList = z.infer<typeof bookingPaymentListSchema>;
