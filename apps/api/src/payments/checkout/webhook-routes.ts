import type { FastifyPluginAsync } from 'fastify';
import { badRequest, notFound, serviceUnavailable } from '../../platform/index.ts';
import { WebhookSignatureError, type ProviderEvent } from '../provider/index.ts';
import { paymentMessages } from './payments-service.ts';
import { settle, type PaymentsDeps } from './settle-payment.ts';

/** Where Stripe's webhooks land (docs/operations.md, "Paying online"): published alone by the deployment. */
export const stripeWebhookPath = '/payments/stripe/webhook';

/** Stripe's events are a few kilobytes; far more is not Stripe. */
const bodyLimit = 256 * 1024;
/** Per sending address a minute: 50 a second. */
const webhooksPerMinute = 3_000;

/**
 * A machine route outside both access scopes (decision 0157): the body is trusted only once the library
 * has verified Stripe's signature over its exact bytes, within five minutes. Each event id is applied once,
 * in the transaction that applies it, so a second delivery changes nothing; a failure answers 5xx and
 * Stripe delivers it again. The payload's state is applied whatever the order events come in (settle).
 */
export const paymentWebhookRoutes: FastifyPluginAsync<{ deps: PaymentsDeps }> = (app, { deps }) => {
  // The signature is over the raw bytes: this plugin (encapsulated) keeps them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));
  const options = {
    bodyLimit,
    schema: { hide: true },
    // Stripe's deliveries come in bursts from a few of its addresses: a count of their own, apart from the
    // people's, and room for the 50 events a second issue 64 sizes for (a bad signature costs one HMAC).
    config: { addressRateLimitMax: webhooksPerMinute, addressRateLimitGroup: 'stripe-webhook:' },
  };
  app.post(stripeWebhookPath, options, async (request) => {
    const provider = deps.provider;
    if (!provider) throw notFound();
    let event: ProviderEvent;
    try {
      const signature = request.headers['stripe-signature'];
      event = provider.verifyWebhook(
        request.body as Buffer,
        Array.isArray(signature) ? signature[0] : signature,
      );
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        // A security event (ASVS 16.3.3): that a signature failed, never the body or the header.
        request.log.warn(
          { securityEvent: 'webhook_signature_refused', provider: 'stripe' },
          'webhook refused',
        );
        throw badRequest(error.message);
      }
      throw error;
    }
    const refund = event.refund;
    if (refund) {
      // A refund's later news (decision 0158), applied under its payment's lock.
      // Applied first (only a pending refund changes), then taken, so a failure here is delivered again.
      if (deps.bookings) await deps.bookings.refundNews(refund);
      await deps.db.transaction((tx) => deps.repository.takeEvent(tx, event.id, event.type));
      return { received: true };
    }
    const paymentId = event.checkout?.paymentId;
    if (!event.checkout || !paymentId) return { received: true };
    let state = event.checkout;
    // A completed page that is not paid in the payload (a hold, or an intent not expanded): ask.
    if (event.type === 'checkout.session.completed' && state.stage === 'open') {
      try {
        state = await provider.checkout(state.sessionId);
      } catch {
        throw serviceUnavailable(paymentMessages.unavailable, 'provider_unavailable');
      }
    }
    const settled = await deps.db.transaction(async (tx) =>
      (await deps.repository.takeEvent(tx, event.id, event.type))
        ? settle(deps, tx, paymentId, state)
        : undefined,
    );
    // A refund or void the booking now calls for is the provider's call, after the answer: the sweep is
    // the backstop if this one fails.
    if (settled && settled.purpose !== 'invoice' && deps.bookings) {
      const bookings = deps.bookings;
      setImmediate(() => void bookings.afterSettled(paymentId).catch(() => undefined));
    }
    return { received: true };
  });
  return Promise.resolve();
};
