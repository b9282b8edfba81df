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
 * (https://docs.stripe.com/api/checkout/sessions/create#create_checkout_session-expires_at); a guest
 * hold lasts as long, so a deposit's held time and its page end together.
 */
export const checkoutMinutes = 30;
