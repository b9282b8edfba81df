import Stripe from 'stripe';
import type { StripeStandIn } from './stripe-stand-in.ts';

/**
 * The official library pointed at the stand-in through its own `host`, `port` and `protocol` options
 * (https://github.com/stripe/stripe-node#configuration), without retries so a test sees each answer.
 */
export function stripeClientFor(
  standIn: StripeStandIn,
  key = standIn.secretKey,
  config: Stripe.StripeConfig = {},
) {
  const { hostname, port } = new URL(standIn.url);
  return new Stripe(key, {
    host: hostname,
    port: Number(port),
    protocol: 'http',
    maxNetworkRetries: 0,
    ...config,
  });
}

/** A deposit's Checkout Session parameters, as the adapter will send them (£25.00). */
export const depositParams = (overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
  ({
    mode: 'payment',
    line_items: [
      {
        price_data: { currency: 'gbp', unit_amount: 2500, product_data: { name: 'Deposit: vaccination' } },
        quantity: 1,
      },
    ],
    success_url: 'https://portal.example/pay/return?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://portal.example/pay/cancelled',
    client_reference_id: 'hold-1',
    metadata: { booking: 'b-1' },
    payment_intent_data: { metadata: { booking: 'b-1' } },
    ...overrides,
  }) satisfies Stripe.Checkout.SessionCreateParams;
