import { invoiceDetailSchema } from '@vet/contracts/bills';
import { startedPaymentSchema } from '@vet/contracts/payments';
import type { DatabaseHandle } from '@vet/db/connection';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { billScene } from '../../../clients/bills/testing/bill-fixtures.ts';
import { useSignedInTestApp } from '../../../testing/signed-in-app.ts';
import { startStripeStandIn, type StripeStandIn } from '../../provider/testing/stripe-stand-in.ts';

/**
 * The API taking payments against the stand-in of Stripe's API (decision 0157), listening, so the stand-in's
 * webhooks reach it; and what the payment tests ask of it. Read `stripe` and `apiAddress` inside tests. The
 * database is read when the hooks run: a file's own database (useOwnDatabase) can be given through getters.
 */
export function usePaymentsTestApp(database: Pick<DatabaseHandle, 'db' | 'pool'> & { url: string }) {
  const live = {} as { stripe: StripeStandIn; apiAddress: string };
  beforeAll(async () => {
    live.stripe = await startStripeStandIn({ webhookRetry: { attempts: 1, delayMs: 10 } });
  });
  const signedIn = useSignedInTestApp(database, {
    env: () => ({
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: live.stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: live.stripe.webhookSecret,
      STRIPE_API_URL: live.stripe.url,
      STRIPE_TIMEOUT_MS: '2000',
    }),
  });
  const { context, signedInClient } = signedIn;
  beforeAll(async () => {
    live.apiAddress = await context.app.listen({ host: '127.0.0.1', port: 0 });
    live.stripe.setWebhookUrl(`${live.apiAddress}/payments/stripe/webhook`);
  });
  afterAll(() => live.stripe.close());

  /** A signed-in client's bill with this much due. */
  async function billOf(due: { totalPence: number; paidPence: number }) {
    const scene = await billScene(database.db, signedInClient);
    const invoice = await scene.invoice({ paidPence: due.paidPence, title: 'Dental' }, [
      { unitPricePence: Math.round(due.totalPence / 1.2) },
    ]);
    return { scene, invoice };
  }

  const pay = (invoiceId: number, amountPence: number, authorization: string) =>
    context.app.inject({
      method: 'POST',
      url: `/v2/bills/invoices/${invoiceId}/payment`,
      headers: { authorization },
      payload: { amountPence },
    });

  /** A payment started: 201 and where to send the owner. */
  function startedFrom(response: { statusCode: number; body: string; json: () => unknown }) {
    expect(response.statusCode, response.body).toBe(201);
    return startedPaymentSchema.parse(response.json());
  }

  /** The practice events of a payment. */
  async function eventsOf(paymentId: number) {
    const { rows } = await database.db.execute<{ type: string; data: { amount_pence: number } }>(sql`
      select type, data from practice_events where data->>'payment_id' = ${String(paymentId)}`);
    return rows;
  }

  async function invoiceDetail(invoiceId: number, authorization: string) {
    const response = await context.app.inject({
      url: `/v2/bills/invoices/${invoiceId}`,
      headers: { authorization },
    });
    return invoiceDetailSchema.parse(response.json());
  }

  return { ...signedIn, live, billOf, pay, startedFrom, eventsOf, invoiceDetail };
}

/** A Checkout Session's id, the last part of its page's address. */
export const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split('/').pop()!;
