import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { depositParams, stripeClientFor } from './stand-in-fixtures.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';
import { startWebhookReceiver } from './webhook-receiver.ts';

/** Holds, refunds, lists, faults and webhook delivery, through the official library. */

let standIn: StripeStandIn;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let stripe: Stripe;
/** The stand-in's clock, moved by the tests (ms). */
let clock: number;

const eventTypes = () => standIn.events().map((event) => event.type);
const verified = () =>
  receiver.received.map((delivery) =>
    stripe.webhooks.constructEvent(delivery.body, delivery.signature ?? '', standIn.webhookSecret),
  );

async function paidIntent(params = depositParams()): Promise<string> {
  const session = await stripe.checkout.sessions.create(params);
  return standIn.pay(session.id).payment_intent as string;
}

const holdParams = () =>
  depositParams({ payment_intent_data: { capture_method: 'manual', metadata: { hold: 'h-1' } } });

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 28, 9, 0, 0);
  receiver = await startWebhookReceiver();
  standIn = await startStripeStandIn({
    webhookUrl: receiver.url,
    now: () => clock,
    webhookRetry: { attempts: 3, delayMs: 5 },
  });
  stripe = stripeClientFor(standIn);
});

afterEach(async () => {
  await standIn.close();
  await receiver.close();
});

describe('card holds', () => {
  it('leaves a manual-capture session unpaid with its intent requiring capture, then captures part', async () => {
    const session = await stripe.checkout.sessions.create(holdParams());
    const completed = standIn.pay(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    const intentId = completed.payment_intent as string;
    const held = await stripe.paymentIntents.retrieve(intentId);
    expect(held).toMatchObject({
      status: 'requires_capture',
      capture_method: 'manual',
      amount_capturable: 2500,
      amount_received: 0,
      metadata: { hold: 'h-1' },
    });

    await expect(stripe.paymentIntents.capture(intentId, { amount_to_capture: 2600 })).rejects.toMatchObject({
      statusCode: 400,
      param: 'amount_to_capture',
    });
    const captured = await stripe.paymentIntents.capture(intentId, { amount_to_capture: 2000 });
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 2000, amount_capturable: 0 });
    await expect(stripe.paymentIntents.capture(intentId)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    expect(eventTypes()).toEqual(['checkout.session.completed', 'payment_intent.succeeded']);
  });

  it('voids a hold: the intent is canceled and a succeeded one cannot be', async () => {
    const intentId = await paidIntent(holdParams());
    const canceled = await stripe.paymentIntents.cancel(intentId, {
      cancellation_reason: 'requested_by_customer',
    });
    expect(canceled).toMatchObject({
      status: 'canceled',
      amount_capturable: 0,
      cancellation_reason: 'requested_by_customer',
    });
    expect(canceled.canceled_at).toBe(Math.floor(clock / 1000));
    await standIn.webhooksSettled();
    expect(verified().map((event) => event.type)).toEqual([
      'checkout.session.completed',
      'payment_intent.canceled',
    ]);

    const paid = await paidIntent();
    await expect(stripe.paymentIntents.cancel(paid)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
  });
});

describe('refunds', () => {
  it('refunds part, then the rest by default, and refuses more than was charged', async () => {
    const intentId = await paidIntent();
    const part = await stripe.refunds.create({
      payment_intent: intentId,
      amount: 1000,
      metadata: { booking: 'b-1' },
    });
    expect(part).toMatchObject({
      object: 'refund',
      amount: 1000,
      status: 'succeeded',
      payment_intent: intentId,
    });
    expect(part.id).toMatch(/^re_/);
    await expect(stripe.refunds.create({ payment_intent: intentId, amount: 1501 })).rejects.toMatchObject({
      statusCode: 400,
      param: 'amount',
    });
    const rest = await stripe.refunds.create({ payment_intent: intentId });
    expect(rest.amount).toBe(1500);
    await expect(stripe.refunds.create({ payment_intent: intentId })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    expect(eventTypes()).toEqual([
      'checkout.session.completed',
      'refund.created',
      'charge.refunded',
      'refund.created',
      'charge.refunded',
    ]);
    const charge = standIn.events().at(-1)?.data.object as Stripe.Charge;
    expect(charge).toMatchObject({ amount_refunded: 2500, refunded: true });
    expect((await stripe.refunds.retrieve(part.id)).metadata).toEqual({ booking: 'b-1' });
  });

  it('fails a refund when told: pending, then failed with a reason, refund.updated and refund.failed; the amount stays refundable', async () => {
    const intentId = await paidIntent();
    standIn.failRefunds(1);
    const refund = await stripe.refunds.create(
      { payment_intent: intentId },
      { idempotencyKey: 'refund-b-1' },
    );
    expect(refund.status).toBe('pending');
    expect(await stripe.refunds.retrieve(refund.id)).toMatchObject({
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
    });
    await standIn.webhooksSettled();
    const failed = verified().find((event) => event.type === 'refund.failed');
    expect(failed?.data.object).toMatchObject({ id: refund.id, status: 'failed' });
    expect(eventTypes()).toEqual([
      'checkout.session.completed',
      'refund.created',
      'refund.updated',
      'refund.failed',
    ]);

    const retried = await stripe.refunds.create(
      { payment_intent: intentId },
      { idempotencyKey: 'refund-b-1-retry' },
    );
    expect(retried).toMatchObject({ status: 'succeeded', amount: 2500 });
  });
});

describe('lists by created range', () => {
  it('pages newest first within the range, with has_more and starting_after', async () => {
    const ids: string[] = [];
    for (let minute = 0; minute < 5; minute += 1) {
      clock = Date.UTC(2026, 10, 28, 10, minute);
      ids.push((await stripe.checkout.sessions.create(depositParams())).id);
    }
    const range = { gte: Date.UTC(2026, 10, 28, 10, 1) / 1000, lt: Date.UTC(2026, 10, 28, 10, 4) / 1000 };
    const first = await stripe.checkout.sessions.list({ created: range, limit: 2 });
    expect(first).toMatchObject({ object: 'list', has_more: true, url: '/v1/checkout/sessions' });
    expect(first.data.map((session) => session.id)).toEqual([ids[3], ids[2]]);
    const second = await stripe.checkout.sessions.list({ created: range, limit: 2, starting_after: ids[2] });
    expect(second.data.map((session) => session.id)).toEqual([ids[1]]);
    expect(second.has_more).toBe(false);

    const all: string[] = [];
    for await (const session of stripe.checkout.sessions.list({ created: range, limit: 1 }))
      all.push(session.id);
    expect(all).toEqual([ids[3], ids[2], ids[1]]);
  });

  it('lists refunds by payment_intent and range', async () => {
    const first = await paidIntent();
    const second = await paidIntent();
    await stripe.refunds.create({ payment_intent: first, amount: 100 });
    clock += 60_000;
    const later = await stripe.refunds.create({ payment_intent: second, amount: 200 });
    const bySecond = await stripe.refunds.list({ payment_intent: second });
    expect(bySecond.data.map((refund) => refund.id)).toEqual([later.id]);
    const sinceLater = await stripe.refunds.list({ created: { gte: later.created } });
    expect(sinceLater.data.map((refund) => refund.amount)).toEqual([200]);
  });
});

describe('faults', () => {
  it('answers failNext errors as the library’s StripeAPIError, then recovers', async () => {
    standIn.failNext(1, { status: 503, path: /checkout\/sessions/ });
    const failed = stripe.checkout.sessions.create(depositParams(), { idempotencyKey: 'k-1' });
    await expect(failed).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    await expect(failed).rejects.toMatchObject({ statusCode: 503 });
    // Nothing ran, so the key is free: the retry creates the session.
    const retried = await stripe.checkout.sessions.create(depositParams(), { idempotencyKey: 'k-1' });
    expect(retried.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    expect(standIn.sessions()).toHaveLength(1);
  });

  it('answers late: the library times out, and the retry with the same key gets the saved answer', async () => {
    const impatient = stripeClientFor(standIn, standIn.secretKey, { timeout: 100 });
    standIn.failNext(1, { delayMs: 400 });
    const late = impatient.checkout.sessions.create(depositParams(), { idempotencyKey: 'late-1' });
    await expect(late).rejects.toBeInstanceOf(Stripe.errors.StripeConnectionError);
    const retry = await stripe.checkout.sessions.create(depositParams(), { idempotencyKey: 'late-1' });
    expect(retry.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(standIn.sessions()).toHaveLength(1);
  });
});

describe('webhook delivery', () => {
  it('retries a failed delivery with back-off and records each answer', async () => {
    await receiver.close();
    receiver = await startWebhookReceiver({ statuses: [500, 503] });
    standIn.setWebhookUrl(receiver.url);
    await paidIntent();
    await standIn.webhooksSettled();
    expect(standIn.sentEvents().map((sent) => [sent.attempt, sent.status])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
    expect(new Set(verified().map((event) => event.id)).size).toBe(1);
  });

  it('holds events, then releases them reversed and twice', async () => {
    standIn.holdWebhooks();
    const intentId = await paidIntent();
    await stripe.refunds.create({ payment_intent: intentId, amount: 500 });
    expect(receiver.received).toHaveLength(0);
    await standIn.releaseWebhooks({ order: 'reversed', twice: true });
    const types = verified().map((event) => event.type);
    expect(types).toEqual([
      'charge.refunded',
      'refund.created',
      'checkout.session.completed',
      'charge.refunded',
      'refund.created',
      'checkout.session.completed',
    ]);
  });
});
