import Stripe from 'stripe';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  WebhookSignatureError,
  type CheckoutRequest,
  type HoldState,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderHoldings,
} from './payment-provider.ts';
import { heldOf, holdStateOf, refundEventOf, refundOf, refundStateOf, stateOf } from './stripe-objects.ts';

export interface StripeSettings {
  /** A secret or restricted key (`sk_…`, `rk_…`): the API's processes only, never the web's. */
  secretKey: string;
  /** The webhook endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
  /**
   * Where Stripe's API is: unset is api.stripe.com. The library's own `host`, `port` and `protocol`
   * options take it (https://github.com/stripe/stripe-node#configuration), so a proxy or the stand-in
   * (provider/testing/) can answer.
   */
  apiUrl?: string | undefined;
  /** Each call's limit; the library's default (80 s) would keep an owner waiting far too long. */
  timeoutMs: number;
  /** A webhook older than this is refused (Stripe's libraries default to 300 s). */
  webhookToleranceSeconds?: number;
}

/** The library's options for a base address other than Stripe's own. */
function addressOptions(apiUrl: string | undefined) {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * A capture or cancel of an intent already captured or cancelled is refused with
 * `payment_intent_unexpected_state` (https://docs.stripe.com/api/payment_intents/capture: "when its
 * status is requires_capture"; https://docs.stripe.com/api/payment_intents/cancel: after it's canceled
 * "any operations on the PaymentIntent fail with an error"): then its state now is the answer. Any
 * other state stays a refusal.
 */
async function movedOrSettled(
  stripe: Stripe,
  paymentIntentId: string,
  move: () => Promise<Stripe.PaymentIntent>,
): Promise<HoldState> {
  try {
    return holdStateOf(await move());
  } catch (error) {
    const unexpectedState =
      error instanceof Stripe.errors.StripeInvalidRequestError &&
      error.code === 'payment_intent_unexpected_state';
    if (!unexpectedState) throw error;
    const now = holdStateOf(await stripe.paymentIntents.retrieve(paymentIntentId));
    if (now.status !== 'succeeded' && now.status !== 'canceled') throw error;
    return now;
  }
}

/**
 * Every item of a list, page after page: the library's auto-pagination follows `has_more` with
 * `starting_after` (https://docs.stripe.com/api/pagination/auto); 100 a page is the most Stripe gives
 * (https://docs.stripe.com/api/pagination).
 */
async function everyItem<T, R>(list: AsyncIterable<T>, view: (item: T) => R): Promise<R[]> {
  const items: R[] = [];
  for await (const item of list) items.push(view(item));
  return items;
}

/** Stripe's error as the port's: only its type and code travel on, never its message (it may echo input). */
async function calling<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      const code = error.code ?? error.type;
      const unavailable =
        error instanceof Stripe.errors.StripeConnectionError ||
        error instanceof Stripe.errors.StripeAPIError ||
        error instanceof Stripe.errors.StripeRateLimitError ||
        (error.statusCode ?? 0) >= 500;
      throw unavailable ? new ProviderUnavailableError(code) : new ProviderRefusedError(code);
    }
    throw error;
  }
}

/** The payment port on Stripe's hosted Checkout (https://docs.stripe.com/payments/checkout) and its PaymentIntents. */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...addressOptions(settings.apiUrl),
    timeout: settings.timeoutMs,
    // The library retries a failed call with the same idempotency key; ours is always given.
    maxNetworkRetries: 2,
    telemetry: false,
  });
  const expanded = { expand: ['payment_intent'] };
  return {
    name: 'stripe',
    startCheckout: (request: CheckoutRequest) =>
      calling(async () => {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            // Cards only (wallets included), filtering the account's methods: a bank debit would complete
            // the page unpaid for days (https://docs.stripe.com/api/checkout/sessions/create).
            allowed_payment_method_types: ['card'],
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'gbp',
                  unit_amount: request.amountPence,
                  product_data: { name: request.description },
                },
              },
            ],
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            client_reference_id: String(request.paymentId),
            ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
            expires_at: Math.floor(request.expiresAt.getTime() / 1000),
            metadata: { payment_id: String(request.paymentId) },
            payment_intent_data: {
              capture_method: request.capture,
              metadata: { payment_id: String(request.paymentId) },
            },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return stateOf(session);
      }),
    checkout: (sessionId) =>
      calling(async () => stateOf(await stripe.checkout.sessions.retrieve(sessionId, expanded))),
    expireCheckout: (sessionId) =>
      calling(async () => {
        const session = await stripe.checkout.sessions.retrieve(sessionId, expanded);
        if (session.status !== 'open') return stateOf(session);
        try {
          await stripe.checkout.sessions.expire(sessionId);
        } catch (error) {
          // Completed or expired in between: what it is now is the answer.
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        }
        return stateOf(await stripe.checkout.sessions.retrieve(sessionId, expanded));
      }),
    heldBetween: (from, to) =>
      calling(async (): Promise<ProviderHoldings> => {
        // `created` as a range in Unix seconds, from inclusive to exclusive
        // (https://docs.stripe.com/api/checkout/sessions/list, https://docs.stripe.com/api/refunds/list).
        const created = { gte: Math.floor(from.getTime() / 1000), lt: Math.ceil(to.getTime() / 1000) };
        const [checkouts, refunds] = await Promise.all([
          everyItem(
            stripe.checkout.sessions.list({ created, limit: 100, expand: ['data.payment_intent'] }),
            heldOf,
          ),
          everyItem(stripe.refunds.list({ created, limit: 100 }), refundOf),
        ]);
        return { checkouts, refunds };
      }),
    refund: (request) =>
      calling(async () => {
        // https://docs.stripe.com/api/refunds/create: by `payment_intent`, `amount` in pence, `metadata`.
        const refund = await stripe.refunds.create(
          {
            payment_intent: request.paymentIntentId,
            amount: request.amountPence,
            ...(request.reason ? { reason: request.reason } : {}),
            metadata: {
              payment_id: String(request.paymentId),
              refund_id: String(request.portalRefundId),
            },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return refundStateOf(refund);
      }),
    refundState: (refundId) =>
      // https://docs.stripe.com/api/refunds/retrieve
      calling(async () => refundStateOf(await stripe.refunds.retrieve(refundId))),
    capture: ({ paymentIntentId, amountPence, idempotencyKey }) =>
      calling(() =>
        movedOrSettled(stripe, paymentIntentId, () =>
          // https://docs.stripe.com/api/payment_intents/capture: `amount_to_capture` defaults to all held.
          stripe.paymentIntents.capture(
            paymentIntentId,
            amountPence === undefined ? {} : { amount_to_capture: amountPence },
            { idempotencyKey },
          ),
        ),
      ),
    voidHold: ({ paymentIntentId, idempotencyKey }) =>
      calling(() =>
        movedOrSettled(stripe, paymentIntentId, () =>
          // https://docs.stripe.com/api/payment_intents/cancel
          stripe.paymentIntents.cancel(paymentIntentId, {}, { idempotencyKey }),
        ),
      ),
    verifyWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature ?? '',
          settings.webhookSecret,
          settings.webhookToleranceSeconds ?? 300,
        );
      } catch {
        throw new WebhookSignatureError();
      }
      const object = event.data.object as { object?: string };
      const checkout =
        object.object === 'checkout.session' ? stateOf(object as Stripe.Checkout.Session) : null;
      // refund.created, refund.updated, refund.failed (https://docs.stripe.com/api/events/types) carry a refund.
      const refund = object.object === 'refund' ? refundEventOf(object as Stripe.Refund) : null;
      return { id: event.id, type: event.type, checkout, refund } satisfies ProviderEvent;
    },
  };
}
