import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gocardlessProvider } from './gocardless-provider.ts';
import {
  DirectDebitRefusedError,
  DirectDebitUnavailableError,
  WebhookSignatureError,
  type DirectDebitEvent,
  type DirectDebitProvider,
} from './direct-debit-provider.ts';
import { startGoCardlessStandIn, type GoCardlessStandIn } from './testing/gocardless-stand-in.ts';
import { startWebhookReceiver } from './testing/webhook-receiver.ts';

/**
 * The adapter through the official library against the in-process stand-in (issue 65): keys, the hosted
 * page, webhooks verified by the library, cancels repeated, and faults in the port's words.
 */
let standIn: GoCardlessStandIn;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let provider: DirectDebitProvider;

beforeEach(async () => {
  receiver = await startWebhookReceiver();
  standIn = await startGoCardlessStandIn({ webhookUrl: receiver.url });
  provider = gocardlessProvider({
    accessToken: standIn.accessToken,
    webhookSecret: standIn.webhookSecret,
    apiUrl: standIn.url,
    timeoutMs: 2_000,
  });
});

afterEach(async () => {
  await standIn.close();
  await receiver.close();
});

const request = {
  membershipId: 42,
  idempotencyKey: 'membership-42-mandate',
  description: 'Harbour Vets health plan for Bramble',
  redirectUrl: 'https://portal.example/plans/joined?membership=42',
  exitUrl: 'https://portal.example/plans/join',
};

const setup = (membershipId = 42, idempotencyKey = `membership-${membershipId}-mandate`) =>
  provider.startMandateSetup({ ...request, membershipId, idempotencyKey });

/** A mandate the payer has set up for membership 42, through the stand-in's page control. */
async function activeMandate(): Promise<string> {
  const started = await setup();
  standIn.complete(started.flowId ?? '');
  const { mandateId } = await provider.mandateSetup(started.billingRequestId);
  standIn.activateMandate(mandateId ?? '');
  return mandateId ?? '';
}

/** Every event delivered so far, verified and parsed by the adapter. */
async function deliveredEvents(): Promise<DirectDebitEvent[]> {
  await standIn.webhooksSettled();
  return receiver.received.flatMap((webhook) => provider.verifyWebhook(webhook.body, webhook.signature));
}

const subscriptionFor = (mandateId: string, idempotencyKey = 'membership-42-subscription') =>
  provider.createSubscription({
    mandateId,
    membershipId: 42,
    idempotencyKey,
    amountPence: 1_499,
    intervalUnit: 'monthly',
    dayOfMonth: 1,
    startDate: '2027-01-01',
    name: 'Health plan: Bramble',
  });

describe('gocardlessProvider', () => {
  it('starts one billing request for one key, however often asked, each with a hosted page', async () => {
    const first = await setup();
    const again = await setup();

    expect(again.billingRequestId).toBe(first.billingRequestId);
    expect(standIn.billingRequests()).toHaveLength(1);
    expect(first).toMatchObject({ status: 'pending', mandateId: null, membershipId: 42 });
    expect(first.billingRequestId).toMatch(/^BRQ/);
    expect(first.authorisationUrl).toBe(`${standIn.url}/flows/${first.flowId}`);
    expect(standIn.billingRequests()[0]).toMatchObject({
      metadata: { membership_id: '42' },
      mandate_request: { currency: 'GBP', scheme: 'bacs', metadata: { membership_id: '42' } },
    });
    // Another membership's key is another request.
    expect((await setup(43)).billingRequestId).not.toBe(first.billingRequestId);
  });

  it('is set up on the hosted page, which redirects back, and its webhooks verify and name the membership', async () => {
    const started = await setup();
    const page = await fetch(started.authorisationUrl ?? '');
    const html = await page.text();
    expect(html).toContain('Harbour Vets health plan for Bramble');
    expect(html).toContain('href="https://portal.example/plans/join"');
    const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1] ?? '';

    const submitted = await fetch(new URL(action, standIn.url), { method: 'POST', redirect: 'manual' });

    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe('https://portal.example/plans/joined?membership=42');
    const state = await provider.mandateSetup(started.billingRequestId);
    expect(state).toMatchObject({ status: 'fulfilled', membershipId: 42 });
    expect(await provider.mandate(state.mandateId ?? '')).toMatchObject({
      status: 'pending_submission',
      membershipId: 42,
    });
    const events = await deliveredEvents();
    expect(events.map((event) => `${event.resourceType}.${event.action}`)).toEqual([
      'billing_requests.created',
      'mandates.created',
      'billing_requests.fulfilled',
    ]);
    expect(events[2]).toMatchObject({
      membershipId: 42,
      cause: 'billing_request_fulfilled',
      links: { billing_request: started.billingRequestId, mandate_request_mandate: state.mandateId },
    });
    expect(events[1]?.id).toMatch(/^EV/);
    // Once fulfilled, the same key answers the request's state and no page.
    expect(await setup()).toMatchObject({ status: 'fulfilled', flowId: null, authorisationUrl: null });
  });

  it('refuses a webhook whose signature is wrong, missing or for another body', async () => {
    await setup();
    await standIn.webhooksSettled();
    const [webhook] = receiver.received;
    if (!webhook) throw new Error('no webhook delivered');
    expect(provider.verifyWebhook(webhook.body, webhook.signature)).toHaveLength(1);

    const tampered = Buffer.from(webhook.body.toString('utf8').replace('"created"', '"cancelled"'));
    expect(() => provider.verifyWebhook(tampered, webhook.signature)).toThrow(WebhookSignatureError);
    expect(() => provider.verifyWebhook(webhook.body, undefined)).toThrow(WebhookSignatureError);
    expect(() => provider.verifyWebhook(webhook.body, 'zz')).toThrow(WebhookSignatureError);
    const otherSecret = gocardlessProvider({
      accessToken: standIn.accessToken,
      webhookSecret: 'another-endpoint-secret',
      apiUrl: standIn.url,
      timeoutMs: 2_000,
    });
    expect(() => otherSecret.verifyWebhook(webhook.body, webhook.signature)).toThrow(WebhookSignatureError);
  });

  it('creates one subscription for one key, in pence on the day asked', async () => {
    const mandateId = await activeMandate();

    const first = await subscriptionFor(mandateId);
    const again = await subscriptionFor(mandateId);

    expect(again.subscriptionId).toBe(first.subscriptionId);
    expect(standIn.subscriptions()).toHaveLength(1);
    expect(first).toEqual({
      subscriptionId: expect.stringMatching(/^SB/) as string,
      mandateId,
      status: 'active',
      amountPence: 1_499,
      intervalUnit: 'monthly',
      dayOfMonth: 1,
      startDate: '2027-01-01',
      membershipId: 42,
    });
    expect(standIn.subscriptions()[0]).toMatchObject({ currency: 'GBP', interval_unit: 'monthly' });
  });

  it('answers cancelled to a cancel repeated, for a subscription and for a mandate', async () => {
    const mandateId = await activeMandate();
    const { subscriptionId } = await subscriptionFor(mandateId);

    expect(await provider.cancelSubscription(subscriptionId)).toMatchObject({ status: 'cancelled' });
    expect(await provider.cancelSubscription(subscriptionId)).toMatchObject({ status: 'cancelled' });
    expect(await provider.cancelMandate(mandateId)).toMatchObject({ mandateId, status: 'cancelled' });
    expect(await provider.cancelMandate(mandateId)).toMatchObject({ mandateId, status: 'cancelled' });
    const cancelled = (await deliveredEvents()).filter((event) => event.action === 'cancelled');
    expect(cancelled.map((event) => event.resourceType)).toEqual(['subscriptions', 'mandates']);
  });

  it('tells of a mandate the bank fails, its subscription ended with it, and of a failed payment', async () => {
    const mandateId = await activeMandate();
    const { subscriptionId } = await subscriptionFor(mandateId);
    standIn.failPayment(subscriptionId);
    standIn.failMandate(mandateId, 'cancelled');

    const events = (await deliveredEvents()).filter((event) =>
      ['failed', 'cancelled'].includes(event.action),
    );

    expect(events).toEqual([
      expect.objectContaining({ resourceType: 'payments', cause: 'insufficient_funds', membershipId: null }),
      expect.objectContaining({ resourceType: 'mandates', cause: 'bank_account_closed', membershipId: 42 }),
      expect.objectContaining({
        resourceType: 'subscriptions',
        cause: 'mandate_cancelled',
        membershipId: 42,
      }),
    ]);
    // The payment's event names the payment; the payment names its subscription.
    expect(await provider.paymentSubscription(events[0]?.links.payment ?? '')).toBe(subscriptionId);
    // Cancelling it now answers what the bank did.
    expect(await provider.cancelMandate(mandateId)).toMatchObject({ status: 'cancelled' });
  });

  it('says unavailable for a 5xx, a rate limit or no answer in time, and refused for a 4xx, with no message', async () => {
    standIn.failNext(1, { status: 503 });
    await expect(setup()).rejects.toEqual(new DirectDebitUnavailableError('internal_server_error'));
    standIn.failNext(1, { status: 429 });
    await expect(setup()).rejects.toEqual(new DirectDebitUnavailableError('rate_limit_exceeded'));
    standIn.failNext(1, { delayMs: 400 });
    const impatient = gocardlessProvider({
      accessToken: standIn.accessToken,
      webhookSecret: standIn.webhookSecret,
      apiUrl: standIn.url,
      timeoutMs: 150,
    });
    await expect(impatient.mandate('MD000ANY')).rejects.toEqual(new DirectDebitUnavailableError('timeout'));

    const nobody = gocardlessProvider({
      accessToken: standIn.accessToken,
      webhookSecret: standIn.webhookSecret,
      apiUrl: 'http://127.0.0.1:9',
      timeoutMs: 2_000,
    });
    await expect(nobody.startMandateSetup(request)).rejects.toEqual(
      new DirectDebitUnavailableError('ECONNREFUSED'),
    );

    const refused = subscriptionFor('MD000UNKNOWN');
    await expect(refused).rejects.toEqual(new DirectDebitRefusedError('resource_not_found'));
    await expect(refused).rejects.toBeInstanceOf(DirectDebitRefusedError);
    // The fault saved no key: the same call now makes its request.
    expect((await setup()).status).toBe('pending');
  });
});
