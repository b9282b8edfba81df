import { useOwnDatabaseHandle } from '@vet/db/testing/own-database';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stripeProvider } from '../provider/index.ts';
import { sweepPendingPayments } from './payment-sweep.ts';
import { createPaymentsRepository } from './payments-repository.ts';
import { sessionIdOf, usePaymentsTestApp } from './testing/payments-test-app.ts';

/**
 * Nothing held forever (decision 0157): payments still pending past their page's end are settled by what
 * Stripe says, whether or not its webhook came: paid is recorded once, an open page is closed at Stripe,
 * one never given a page ends.
 */
// A database of its own: the sweep looks at every pending payment, and other files' must not be swept.
const database = useOwnDatabaseHandle('payment_sweep');
const { live, billOf, pay, startedFrom, eventsOf } = usePaymentsTestApp(database);

const statusOf = async (paymentId: number) =>
  (
    await database.db.execute<{ status: string }>(
      sql`select status from online_payments where id = ${paymentId}`,
    )
  ).rows[0]?.status;

describe('the sweep of payments left pending', () => {
  it('records what Stripe took, closes what it left open, and ends what never had a page', async () => {
    const { db } = database;
    const deps = {
      db,
      repository: createPaymentsRepository(),
      provider: stripeProvider({
        secretKey: live.stripe.secretKey,
        webhookSecret: live.stripe.webhookSecret,
        apiUrl: live.stripe.url,
        timeoutMs: 2_000,
      }),
      portalUrl: 'http://localhost:3000',
      brandName: 'Harbour Vets',
    };
    const start = async (pence: number) => {
      const { scene, invoice } = await billOf({ totalPence: pence, paidPence: 0 });
      return startedFrom(await pay(invoice.id, pence, scene.authorization));
    };
    // Paid at Stripe, its webhook lost and the owner never back.
    const lost = await start(1_200);
    live.stripe.holdWebhooks();
    live.stripe.pay(sessionIdOf(lost.checkoutUrl));
    // Left open on Stripe's page.
    const left = await start(2_400);
    // Never given a page (Stripe was down when it was written).
    live.stripe.failNext(3, { status: 503, path: /checkout\/sessions/ });
    const { scene, invoice } = await billOf({ totalPence: 3_600, paidPence: 0 });
    expect((await pay(invoice.id, 3_600, scene.authorization)).statusCode).toBe(503);
    const { rows } = await db.execute<{ id: number }>(
      sql`select id from online_payments where invoice_id = ${invoice.id}`,
    );
    const pageless = rows[0]!.id;

    // Not yet past their pages' end: the sweep leaves them.
    expect(await sweepPendingPayments(deps)).toMatchObject({ failed: 0 });
    expect(await statusOf(left.paymentId)).toBe('pending');

    const later = new Date(Date.now() + 40 * 60_000);
    expect(await sweepPendingPayments(deps, later)).toMatchObject({ failed: 0 });
    expect(await statusOf(lost.paymentId)).toBe('paid');
    expect(await statusOf(left.paymentId)).toBe('expired');
    expect(await statusOf(pageless)).toBe('expired');
    const closed = live.stripe
      .sessions()
      .find((record) => record.session.id === sessionIdOf(left.checkoutUrl));
    expect(closed?.session.status).toBe('expired');
    // The lost webhook, delivered at last, changes nothing: one event for the payment.
    await live.stripe.releaseWebhooks();
    await live.stripe.webhooksSettled();
    expect(await eventsOf(lost.paymentId)).toHaveLength(1);
  });
});
