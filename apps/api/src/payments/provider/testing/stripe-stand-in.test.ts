import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';
import { depositParams, stripeClientFor as clientFor } from './stand-in-fixtures.ts';
import { startWebhookReceiver } from './webhook-receiver.ts';

/**
 * The stand-in driven through the official library, as the adapter will drive it: the library's own
 * errors, idempotency and webhook verification are what the assertions see.
 */

let standIn: StripeStandIn;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let stripe: Stripe;

beforeEach(async () => {
  receiver = await startWebhookReceiver();
  standIn = await startStripeStandIn({ webhookUrl: receiver.url });
  stripe = clientFor(standIn);
});

afterEach(async () => {
  await standIn.close();
  await receiver.close();
});

describe('Checkout Sessions through the library', () => {
  it('creates an open, unpaid session whose url is the hosted page', async () => {
    const session = await stripe.checkout.sessions.create(depositParams());
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 2500,
      currency: 'gbp',
      payment_intent: null,
      livemode: false,
      client_reference_id: 'hold-1',
      metadata: { booking: 'b-1' },
      url: `${standIn.url}/checkout/${session.id}`,
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(Math.abs(session.created - Date.now() / 1000)).toBeLessThan(60);
    expect(session.expires_at - session.created).toBe(24 * 60 * 60);
  });

  it('answers a retry with the same key with the first answer, and refuses the key with other parameters', async () => {
    const first = await stripe.checkout.sessions.create(depositParams(), {
      idempotencyKey: 'hold-1-attempt-1',
    });
    const replay = await stripe.checkout.sessions.create(depositParams(), {
      idempotencyKey: 'hold-1-attempt-1',
    });
    expect(replay.id).toBe(first.id);
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    expect(standIn.sessions()).toHaveLength(1);

    const conflicting = stripe.checkout.sessions.create(depositParams({ client_reference_id: 'hold-2' }), {
      idempotencyKey: 'hold-1-attempt-1',
    });
    await expect(conflicting).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    await expect(conflicting).rejects.toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
  });

  it.each([
    ['expires_at', { expires_at: Math.floor(Date.now() / 1000) + 10 * 60 }],
    ['expires_at', { expires_at: Math.floor(Date.now() / 1000) + 25 * 60 * 60 }],
    ['success_url', { success_url: 'not a url' }],
    [
      'line_items[0][price_data][unit_amount]',
      {
        line_items: [
          { price_data: { currency: 'gbp', unit_amount: 0, product_data: { name: 'x' } }, quantity: 1 },
        ],
      },
    ],
    [
      'line_items[0][price_data][currency]',
      {
        line_items: [
          { price_data: { currency: 'zzz', unit_amount: 100, product_data: { name: 'x' } }, quantity: 1 },
        ],
      },
    ],
    [
      'line_items[0][quantity]',
      {
        line_items: [
          { price_data: { currency: 'gbp', unit_amount: 100, product_data: { name: 'x' } }, quantity: 0 },
        ],
      },
    ],
  ] as const)('refuses a bad %s with a 400 naming it', async (param, overrides) => {
    const refused = stripe.checkout.sessions.create(
      depositParams(overrides as Partial<Stripe.Checkout.SessionCreateParams>),
    );
    await expect(refused).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(refused).rejects.toMatchObject({ statusCode: 400, param });
    expect(standIn.sessions()).toHaveLength(0);
  });

  it('accepts an expiry 30 minutes ahead and keeps a refused key free for a corrected request', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 30 * 60;
    const bad = stripe.checkout.sessions.create(depositParams({ success_url: 'nope' }), {
      idempotencyKey: 'k',
    });
    await expect(bad).rejects.toMatchObject({ param: 'success_url' });
    const good = await stripe.checkout.sessions.create(depositParams({ expires_at: expiresAt }), {
      idempotencyKey: 'k',
    });
    expect(good.expires_at).toBe(expiresAt);
  });

  it('refuses a wrong key as the library expects (401)', async () => {
    const wrong = clientFor(standIn, 'sk_test_wrong');
    await expect(wrong.checkout.sessions.create(depositParams())).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });

  it('pays a session: the signed checkout.session.completed verifies and the intent has succeeded', async () => {
    const session = await stripe.checkout.sessions.create(depositParams());
    standIn.pay(session.id);
    await standIn.webhooksSettled();

    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    const event = stripe.webhooks.constructEvent(delivery!.body, delivery!.signature!, standIn.webhookSecret);
    expect(event).toMatchObject({ object: 'event', type: 'checkout.session.completed', livemode: false });
    expect(event.id).toMatch(/^evt_/);
    expect(event.api_version).toBe(Stripe.API_VERSION);
    expect(event.request).toEqual({ id: null, idempotency_key: null });
    const completed = event.data.object as Stripe.Checkout.Session;
    expect(completed).toMatchObject({ id: session.id, status: 'complete', payment_status: 'paid' });
    expect(() =>
      stripe.webhooks.constructEvent(delivery!.body, delivery!.signature!, 'whsec_someone_else'),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);

    const retrieved = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    const intent = retrieved.payment_intent as Stripe.PaymentIntent;
    expect(intent.id).toBe(completed.payment_intent);
    expect(intent).toMatchObject({
      status: 'succeeded',
      amount: 2500,
      amount_received: 2500,
      metadata: { booking: 'b-1' },
    });
    expect(intent.latest_charge).toMatch(/^ch_/);
    expect(retrieved.url).toBeNull();
  });

  it('expires an open session once, and says so', async () => {
    const session = await stripe.checkout.sessions.create(depositParams());
    const expired = await stripe.checkout.sessions.expire(session.id, {}, { idempotencyKey: 'expire-1' });
    expect(expired.status).toBe('expired');
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });
    await standIn.webhooksSettled();
    const event = stripe.webhooks.constructEvent(
      receiver.received[0]!.body,
      receiver.received[0]!.signature!,
      standIn.webhookSecret,
    );
    expect(event.type).toBe('checkout.session.expired');
    expect(event.request?.idempotency_key).toBe('expire-1');
    expect(() => standIn.pay(session.id)).toThrow(/expired/);
  });

  it('answers an unknown id and an unknown route in Stripe’s error shape', async () => {
    await expect(stripe.checkout.sessions.retrieve('cs_test_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    const response = await fetch(`${standIn.url}/v1/customers`, {
      headers: { authorization: `Bearer ${standIn.secretKey}` },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });
});
