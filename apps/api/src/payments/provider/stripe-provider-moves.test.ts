import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProviderRefusedError } from './payment-provider.ts';
import { depositParams, stripeClientFor } from './testing/stand-in-fixtures.ts';
import { startStripeStandIn, type StripeStandIn } from './testing/stripe-stand-in.ts';
import { startWebhookReceiver } from './testing/webhook-receiver.ts';
import { stripeProvider } from './stripe-provider.ts';

/**
 * The adapter's money moves after a page is paid (issue 64): refunds, captures and voids against the
 * stand-in, each retried with its key, and a refund's failure reaching us by webhook.
 */
let standIn: StripeStandIn;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeEach(async () => {
  receiver = await startWebhookReceiver();
  standIn = await startStripeStandIn({ webhookUrl: receiver.url, webhookRetry: { attempts: 1 } });
});
afterEach(async () => {
  await standIn.close();
  await receiver.close();
});

const adapter = () =>
  stripeProvider({
    secretKey: standIn.secretKey,
    webhookSecret: standIn.webhookSecret,
    apiUrl: standIn.url,
    timeoutMs: 5000,
  });

/** The PaymentIntent of a paid page for the portal's payment 31 (£40.00), held when `manual`. */
async function paidIntent(capture: 'automatic' | 'manual' = 'automatic'): Promise<string> {
  const session = await stripeClientFor(standIn).checkout.sessions.create(
    depositParams({
      metadata: { payment_id: '31' },
      line_items: [
        { quantity: 1, price_data: { currency: 'gbp', unit_amount: 4000, product_data: { name: 'Bill' } } },
      ],
      payment_intent_data: { capture_method: capture, metadata: { payment_id: '31' } },
    }),
  );
  return standIn.pay(session.id).payment_intent as string;
}

const eventTypes = () => standIn.events().map((event) => event.type);

describe('stripeProvider refund', () => {
  it('refunds once for two calls with one key, with our ids in its metadata', async () => {
    const intent = await paidIntent();
    const request = {
      paymentIntentId: intent,
      amountPence: 1500,
      idempotencyKey: 'refund-7',
      paymentId: 31,
      portalRefundId: 7,
      reason: 'requested_by_customer' as const,
    };

    const first = await adapter().refund(request);
    const again = await adapter().refund(request);

    expect(first).toEqual({ refundId: first.refundId, status: 'succeeded', amountPence: 1500 });
    expect(first.refundId).toMatch(/^re_/);
    expect(again).toEqual(first);
    expect(standIn.refunds()).toMatchObject([
      { id: first.refundId, amount: 1500, metadata: { payment_id: '31', refund_id: '7' } },
    ]);
    expect(await adapter().refundState(first.refundId)).toEqual(first);
  });

  it('reports a refund that fails later as failed, and its webhooks carry it', async () => {
    const intent = await paidIntent();
    standIn.failRefunds(1);

    const accepted = await adapter().refund({
      paymentIntentId: intent,
      amountPence: 4000,
      idempotencyKey: 'refund-8',
      paymentId: 31,
      portalRefundId: 8,
    });

    expect(accepted).toMatchObject({ status: 'pending', amountPence: 4000 });
    expect(await adapter().refundState(accepted.refundId)).toEqual({ ...accepted, status: 'failed' });
    await standIn.webhooksSettled();
    const events = receiver.received.map((delivery) =>
      adapter().verifyWebhook(Buffer.from(delivery.body), delivery.signature),
    );
    const refundNews = {
      refundId: accepted.refundId,
      paymentIntentId: intent,
      amountPence: 4000,
      paymentId: 31,
    };
    expect(events.map(({ type, checkout, refund }) => ({ type, checkout: checkout?.stage, refund }))).toEqual(
      [
        { type: 'checkout.session.completed', checkout: 'paid', refund: null },
        { type: 'refund.created', checkout: undefined, refund: { ...refundNews, status: 'pending' } },
        { type: 'refund.updated', checkout: undefined, refund: { ...refundNews, status: 'failed' } },
        { type: 'refund.failed', checkout: undefined, refund: { ...refundNews, status: 'failed' } },
      ],
    );
  });

  it('passes a refusal on: more than is left to refund', async () => {
    const intent = await paidIntent();
    const refusal = adapter().refund({
      paymentIntentId: intent,
      amountPence: 4001,
      idempotencyKey: 'refund-9',
      paymentId: 31,
      portalRefundId: 9,
    });
    await expect(refusal).rejects.toEqual(new ProviderRefusedError('amount_too_large'));
  });
});

describe('stripeProvider capture and voidHold', () => {
  it('captures part of a hold once for two calls with one key', async () => {
    const intent = await paidIntent('manual');
    const request = { paymentIntentId: intent, amountPence: 2500, idempotencyKey: 'capture-31' };

    const first = await adapter().capture(request);
    const again = await adapter().capture(request);

    expect(first).toEqual({ paymentIntentId: intent, status: 'succeeded' });
    expect(again).toEqual(first);
    expect(standIn.paymentIntents()).toMatchObject([{ id: intent, amount_received: 2500 }]);
    expect(eventTypes().filter((type) => type === 'payment_intent.succeeded')).toHaveLength(1);
  });

  it('voids a hold once for two calls with one key; a capture after answers canceled', async () => {
    const intent = await paidIntent('manual');
    const request = { paymentIntentId: intent, idempotencyKey: 'void-31' };

    const first = await adapter().voidHold(request);
    const again = await adapter().voidHold(request);
    const laterCapture = await adapter().capture({ paymentIntentId: intent, idempotencyKey: 'capture-31' });

    expect(first).toEqual({ paymentIntentId: intent, status: 'canceled' });
    expect(again).toEqual(first);
    expect(laterCapture).toEqual(first);
    expect(eventTypes().filter((type) => type === 'payment_intent.canceled')).toHaveLength(1);
  });

  it('answers a void after capture with the captured state, not a refusal', async () => {
    const intent = await paidIntent('manual');
    await adapter().capture({ paymentIntentId: intent, idempotencyKey: 'capture-31' });

    const voided = await adapter().voidHold({ paymentIntentId: intent, idempotencyKey: 'void-31' });

    expect(voided).toEqual({ paymentIntentId: intent, status: 'succeeded' });
    expect(standIn.paymentIntents()).toMatchObject([
      { id: intent, status: 'succeeded', amount_received: 4000 },
    ]);
  });
});
