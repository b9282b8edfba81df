/**
 * Paying online (issue 64): what a payment is for and where it stands, shared by the database, the API
 * and the pages. Amounts are whole pence end to end. No zod here: the pages import it.
 */

/** What an owner pays for: a bill by link, a deposit at booking, or a card hold (pre-authorisation). */
export const paymentPurposes = ['invoice', 'deposit', 'card_hold'] as const;
export type PaymentPurpose = (typeof paymentPurposes)[number];

/**
 * Where one payment attempt stands. `pending`: the owner is on the provider's page (or about to be);
 * `paid`: the money is taken; `authorised`: a card hold waits to be captured or voided; `captured`,
 * `voided`; `expired`: abandoned, failed or timed out, nothing taken; `refunded`: all of it given back.
 */
export const paymentStatuses = [
  'pending',
  'paid',
  'authorised',
  'captured',
  'voided',
  'expired',
  'refunded',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** The only currency the portal takes (the group's practices are in the UK). */
export const paymentCurrency = 'GBP';

/**
 * How long the owner has on the provider's page. Stripe's Checkout asks for 30 minutes at least
 * (https://docs.stripe.com/api/checkout/sessions/create#create_checkout_session-expires_at); a booking's
 * time is held as long (decision 0158), so a deposit's held time and its page end together.
 */
export const checkoutMinutes = 30;

/** What a practice asks to book a reason online (decision 0158): a deposit taken, or a card hold. */
export const bookingPaymentKinds = ['deposit', 'card_hold'] as const;
export type BookingPaymentKind = (typeof bookingPaymentKinds)[number];

/** Whom a practice's booking payment applies to: everyone, clients new to the practice, or after a no-show. */
export const bookingPaymentAudiences = ['everyone', 'new_clients', 'after_no_show'] as const;
export type BookingPaymentAudience = (typeof bookingPaymentAudiences)[number];

/** A deposit or hold is at least Stripe's minimum charge in GBP (£0.30) and at most £1,000. */
export const minBookingPaymentPence = 30;
export const maxBookingPaymentPence = 100_000;

/** A no-show counts towards "after a no-show" for a year. */
export const noShowLookbackDays = 365;

/**
 * Stripe keeps an online card hold for 7 days (https://docs.stripe.com/payments/place-a-hold-on-a-payment-method);
 * a visit further off than 6 days is asked a deposit instead, and a hold moved further off is captured
 * on its sixth day, to be refunded by the same rules (decision 0158).
 */
export const cardHoldDays = 6;

/**
 * Why a deposit or captured hold is given back. `pet_died`: the owner told the portal their pet had died,
 * which cancels its visits to come (decision 0099) whatever the notice, and no deposit is kept for that.
 */
export const refundReasons = [
  'cancelled_in_time',
  'cancelled_by_practice',
  'time_not_kept',
  'pet_died',
] as const;
export type RefundReason = (typeof refundReasons)[number];

/** Where a refund stands: asked of the provider (and retried), done, or failed after every attempt. */
export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** A refund the provider refuses or cannot take is tried this many times, then reported to the operator. */
export const refundAttempts = 6;
