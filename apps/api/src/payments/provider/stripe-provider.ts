import Stripe from 'stripe';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  WebhookSignatureError,
  type CheckoutRequest,
  type CheckoutStage,
  type CheckoutState,
  type HeldCheckout,
  type HeldRefund,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderHoldings,
} from './payment-provider.ts';

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
 * A Checkout Session's state in the port's words
 * (https://docs.stripe.com/api/checkout/sessions/object: `status` open | complete | expired and
 * `payment_status` paid | unpaid | no_payment_required). A completed session whose money is held
 * (`capture_method: manual`) is unpaid until captured, its PaymentIntent `requires_capture`.
 */
function stageOf(session: Stripe.Checkout.Session): CheckoutStage {
  if (session.status === 'expired') return 'expired';
  if (session.status !== 'complete') return 'open';
  if (session.payment_status === 'paid') return 'paid';
  const intent = session.payment_intent;
  if (intent && typeof intent === 'object' && intent.status === 'requires_capture') return 'authorised';
  return 'open';
}

function stateOf(session: Stripe.Checkout.Session): CheckoutState {
  const intent = session.payment_intent;
  const paymentId = Number(session.metadata?.['payment_id'] ?? session.client_reference_id);
  return {
    sessionId: session.id,
    url: session.url,
    stage: stageOf(session),
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    amountPence: session.amount_total ?? 0,
    paymentId: Number.isSafeInteger(paymentId) && paymentId > 0 ? paymentId : null,
  };
}

/** A page as the day's reconciliation reads it: its state without the URL, and when it was made. */
function heldOf(session: Stripe.Checkout.Session): HeldCheckout {
  const { url: _url, ...state } = stateOf(session);
  return { ...state, createdAt: new Date(session.created * 1000) };
}

/** https://docs.stripe.com/api/refunds/object: `amount` in the currency's smallest unit, `payment_intent`. */
function refundOf(refund: Stripe.Refund): HeldRefund {
  const intent = refund.payment_intent;
  return {
    refundId: refund.id,
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    amountPence: refund.amount,
    status: refund.status ?? 'pending',
    createdAt: new Date(refund.created * 1000),
  };
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

/** The payment port on Stripe's hosted Checkout (https://docs.stripe.com/payments/checkout). */
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
      return { id: event.id, type: event.type, checkout } satisfies ProviderEvent;
    },
  };
}
