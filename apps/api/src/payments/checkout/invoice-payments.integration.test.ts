import { apiErrorSchema } from '@vet/contracts/errors';
import { integrationPathPrefix } from '@vet/contracts/machine-access';
import { paymentSchema } from '@vet/contracts/payments';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { sessionIdOf, usePaymentsTestApp } from './testing/payments-test-app.ts';

/**
 * A bill paid by link (issue 64, decision 0157), against the stand-in of Stripe's API through the
 * official library: the payment is written before Stripe is called, one page per bill however often the
 * owner presses, and the provider's word (webhook or return) is applied once, in any order.
 */
const database = useTestDatabase();
const { db } = database;
const {
  context,
  signedInClient,
  machineAuthorization,
  live,
  billOf,
  pay,
  startedFrom,
  eventsOf,
  invoiceDetail,
} = usePaymentsTestApp(database);

describe('paying a bill by link', () => {
  it('opens one page per bill, records the payment once from the webhook, and nothing is due after', async () => {
    const { scene, invoice } = await billOf({ totalPence: 12_000, paidPence: 2_000 });
    const due = (await invoiceDetail(invoice.id, scene.authorization)).duePence;
    expect(due).toBe(10_000);
    const started = startedFrom(await pay(invoice.id, due, scene.authorization));
    // A second press, or a second tab: the same page, not a second one.
    const again = startedFrom(await pay(invoice.id, due, scene.authorization));
    expect(again).toEqual(started);
    const sessionId = sessionIdOf(started.checkoutUrl);
    expect(live.stripe.sessions().filter((session) => session.session.id === sessionId)).toHaveLength(1);

    // Stripe delivers an event at least once: here twice over.
    live.stripe.holdWebhooks();
    live.stripe.pay(sessionId);
    await live.stripe.releaseWebhooks({ twice: true });
    await live.stripe.webhooksSettled();
    const detail = await invoiceDetail(invoice.id, scene.authorization);
    expect(detail).toMatchObject({ duePence: 0, state: 'paid', payOnline: false });
    const events = await eventsOf(started.paymentId);
    expect(events.map((event) => [event.type, event.data.amount_pence])).toEqual([
      ['payment.received', 10_000],
    ]);
    const receipts = await db.execute(sql`
      select 1 from email_outbox where to_address = ${scene.client.email} and subject like 'Payment received%'`);
    expect(receipts.rows).toHaveLength(1);
    // Paid: nothing left, so a stale page's amount is refused.
    const late = await pay(invoice.id, due, scene.authorization);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'nothing_due' });
  });

  it('refuses an amount that is no longer due, naming the new one, and another client’s bill like a missing one', async () => {
    const { scene, invoice } = await billOf({ totalPence: 6_000, paidPence: 0 });
    const stale = await pay(invoice.id, 5_000, scene.authorization);
    expect(stale.statusCode).toBe(409);
    expect(apiErrorSchema.parse(stale.json()).message).toContain('£60.00');
    const other = await billOf({ totalPence: 6_000, paidPence: 0 });
    const theirs = await pay(other.invoice.id, 6_000, scene.authorization);
    const missing = await pay(2_000_000_000, 6_000, scene.authorization);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(missing.body);
    const bad = await pay(invoice.id, -1, scene.authorization);
    expect(bad.statusCode).toBe(400);
  });

  it('shows the owner back from Stripe the payment as paid before the webhook comes, and the late webhook changes nothing', async () => {
    const { scene, invoice } = await billOf({ totalPence: 3_600, paidPence: 0 });
    const started = startedFrom(await pay(invoice.id, 3_600, scene.authorization));
    live.stripe.holdWebhooks();
    live.stripe.pay(sessionIdOf(started.checkoutUrl));
    const back = await context.app.inject({
      url: `/v2/payments/${started.paymentId}`,
      headers: { authorization: scene.authorization },
    });
    expect(paymentSchema.parse(back.json())).toMatchObject({ status: 'paid', amountPence: 3_600 });
    await live.stripe.releaseWebhooks({ order: 'reversed' });
    await live.stripe.webhooksSettled();
    expect(await eventsOf(started.paymentId)).toHaveLength(1);
    const theirs = await signedInClient();
    const peek = await context.app.inject({
      url: `/v2/payments/${started.paymentId}`,
      headers: { authorization: theirs.authorization },
    });
    expect(peek.statusCode).toBe(404);
  });

  it('says try again when Stripe is down, takes nothing, and the next press opens the one page', async () => {
    const { scene, invoice } = await billOf({ totalPence: 2_400, paidPence: 0 });
    // The call and the library's two retries (same key), all answered 503.
    live.stripe.failNext(3, { status: 503, path: /checkout\/sessions/ });
    const down = await pay(invoice.id, 2_400, scene.authorization);
    expect(down.statusCode).toBe(503);
    expect(apiErrorSchema.parse(down.json()).message).toContain('Nothing has been taken');
    const up = startedFrom(await pay(invoice.id, 2_400, scene.authorization));
    const sessions = live.stripe
      .sessions()
      .filter((session) => session.session.client_reference_id === String(up.paymentId));
    expect(sessions).toHaveLength(1);
  });

  it('closes the page when the owner comes back without paying, unless it was paid meanwhile', async () => {
    const { scene, invoice } = await billOf({ totalPence: 1_200, paidPence: 0 });
    const left = startedFrom(await pay(invoice.id, 1_200, scene.authorization));
    const cancel = (paymentId: number) =>
      context.app.inject({
        method: 'POST',
        url: `/v2/payments/${paymentId}/cancel`,
        headers: { authorization: scene.authorization },
      });
    expect(paymentSchema.parse((await cancel(left.paymentId)).json()).status).toBe('expired');
    const closed = live.stripe
      .sessions()
      .find((record) => record.session.id === sessionIdOf(left.checkoutUrl));
    expect(closed?.session.status).toBe('expired');
    // The bill is still due, and a new press opens a new page.
    const next = startedFrom(await pay(invoice.id, 1_200, scene.authorization));
    expect(next.paymentId).not.toBe(left.paymentId);
    // Paid on Stripe's page a moment before the owner pressed Back: the money is recorded, not dropped.
    live.stripe.holdWebhooks();
    live.stripe.pay(sessionIdOf(next.checkoutUrl));
    expect(paymentSchema.parse((await cancel(next.paymentId)).json()).status).toBe('paid');
    await live.stripe.releaseWebhooks();
    await live.stripe.webhooksSettled();
    expect(await eventsOf(next.paymentId)).toHaveLength(1);
  });

  it('applies only what Stripe signed, over these very bytes, within five minutes', async () => {
    const { scene, invoice } = await billOf({ totalPence: 1_800, paidPence: 0 });
    const started = startedFrom(await pay(invoice.id, 1_800, scene.authorization));
    const session = live.stripe
      .sessions()
      .find((record) => record.session.id === sessionIdOf(started.checkoutUrl));
    // The event Stripe would send once paid, for this payment: delivered by hand, signed or not.
    const payload = JSON.stringify({
      id: `evt_by_hand_${started.paymentId}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          ...session!.session,
          status: 'complete',
          payment_status: 'paid',
          payment_intent: 'pi_by_hand',
        },
      },
    });
    const send = (body: string, signature?: string) =>
      fetch(`${live.apiAddress}/payments/stripe/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'stripe-signature': signature } : {}),
        },
        body,
      });
    const signed = (timestamp?: number) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret: live.stripe.webhookSecret, timestamp });
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const refusals = [
      await send(payload),
      await send(payload, 't=1,v1=00'),
      await send(payload.replace('"paid"', '"paid" '), signed()),
      await send(payload, signed(tenMinutesAgo)),
      await send(
        payload,
        Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_another_secret' }),
      ),
    ];
    expect(refusals.map((response) => response.status)).toEqual([400, 400, 400, 400, 400]);
    expect(await eventsOf(started.paymentId)).toHaveLength(0);
    // The same bytes, signed now with the endpoint's secret, are applied.
    expect((await send(payload, signed())).status).toBe(200);
    expect(await eventsOf(started.paymentId)).toHaveLength(1);
  });

  it('counts a payment as paid until the practice system acknowledges it in its own figure', async () => {
    const { scene, invoice } = await billOf({ totalPence: 4_800, paidPence: 0 });
    const started = startedFrom(await pay(invoice.id, 4_800, scene.authorization));
    live.stripe.pay(sessionIdOf(started.checkoutUrl));
    await live.stripe.webhooksSettled();
    expect((await invoiceDetail(invoice.id, scene.authorization)).duePence).toBe(0);
    const ack = await context.app.inject({
      method: 'PUT',
      url: `${integrationPathPrefix}/payments/online/${started.paymentId}/ref`,
      headers: { authorization: await machineAuthorization() },
      payload: { payment_ref: `PAY-${started.paymentId}` },
    });
    expect(ack.statusCode, ack.body).toBe(200);
    // Acknowledged but not yet in the practice's paid figure: the practice's own word now stands.
    expect((await invoiceDetail(invoice.id, scene.authorization)).duePence).toBe(4_800);
    await db.execute(
      sql`update practice_invoices set paid_pence = 4800, status = 'paid' where id = ${invoice.id}`,
    );
    expect((await invoiceDetail(invoice.id, scene.authorization)).duePence).toBe(0);
  });
});
