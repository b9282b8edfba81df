import { practiceDate, practiceMinutesOfDay } from '@vet/contracts/practice-clock';
import { startedPaymentSchema } from '@vet/contracts/payments';
import { useOwnDatabaseHandle } from '@vet/db/testing/own-database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billScene } from '../clients/bills/testing/bill-fixtures.ts';
import { depositParams, stripeClientFor } from '../payments/provider/testing/stand-in-fixtures.ts';
import { startStripeStandIn, type StripeStandIn } from '../payments/provider/testing/stripe-stand-in.ts';
import { useSignedInTestApp } from '../testing/signed-in-app.ts';
import { productionSettings, runInProcess } from './testing/run-in-process.ts';

/**
 * `portal-admin payments reconcile` (issue 64, item 5): a day's payments as Stripe (the stand-in, through
 * the official library's list calls) and the portal each hold them, and every difference. Payments are
 * made through the API as an owner makes them. On a database of its own: it reads every payment of a day.
 */
const database = useOwnDatabaseHandle('payments_reconcile');
let stripe: StripeStandIn;
beforeAll(async () => {
  stripe = await startStripeStandIn({ webhookRetry: { attempts: 1, delayMs: 10 } });
});
const stripeEnv = () => ({
  PAYMENTS: 'stripe',
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_API_URL: stripe.url,
  STRIPE_TIMEOUT_MS: '2000',
});
const { context, signedInClient } = useSignedInTestApp(database, { env: stripeEnv });
beforeAll(async () => {
  const address = await context.app.listen({ host: '127.0.0.1', port: 0 });
  stripe.setWebhookUrl(`${address}/payments/stripe/webhook`);
});
afterAll(() => stripe.close());

/** The operator's settings with the API's Stripe settings. */
const withStripe = () =>
  productionSettings(database.url, {
    payments: { provider: 'stripe', ...stripeEnvSettings() },
  });
const stripeEnvSettings = () => ({
  secretKey: stripe.secretKey,
  webhookSecret: stripe.webhookSecret,
  apiUrl: stripe.url,
  timeoutMs: 2000,
});

/** A bill of `pence` started by its owner: the portal's payment and its Stripe session. */
async function startPayment(pence: number) {
  const scene = await billScene(database.db, signedInClient);
  const invoice = await scene.invoice({ paidPence: 0, title: 'Dental' }, [
    { unitPricePence: Math.round(pence / 1.2) },
  ]);
  const response = await context.app.inject({
    method: 'POST',
    url: `/v2/bills/invoices/${invoice.id}/payment`,
    headers: { authorization: scene.authorization },
    payload: { amountPence: pence },
  });
  expect(response.statusCode, response.body).toBe(201);
  const started = startedPaymentSchema.parse(response.json());
  return { ...started, sessionId: started.checkoutUrl.split('/').pop()!, email: scene.client.email };
}

const reconcile = (day: string, ...more: string[]) =>
  runInProcess(['payments', 'reconcile', '--day', day, ...more], withStripe());

/**
 * Today in London, with the payments about to be made certain to fall in it: within two minutes of
 * midnight, the test waits for the new day first, so it never straddles two.
 */
async function dayWithRoomToWork(): Promise<string> {
  const left = 24 * 60 - practiceMinutesOfDay(new Date());
  if (left <= 2) await new Promise((resolve) => setTimeout(resolve, left * 60_000 + 1_000));
  return practiceDate(new Date());
}

describe('portal-admin payments reconcile', () => {
  // Room for dayWithRoomToWork's wait, near midnight only.
  it('lists what both agree on and every difference, the money not recorded first; exit 1, then 0 once mended', async () => {
    const day = await dayWithRoomToWork();
    const agreeing = await startPayment(4_800);
    stripe.pay(agreeing.sessionId);
    await stripe.webhooksSettled();
    const changed = await startPayment(3_600);
    stripe.pay(changed.sessionId);
    await stripe.webhooksSettled();
    // A row written by hand (or a bug): the portal records £35.00 where Stripe took £36.00.
    await database.db.execute(
      sql`update online_payments set amount_pence = 3500 where id = ${changed.paymentId}`,
    );
    const unpaid = await startPayment(1_200);
    // Paid at Stripe, but its webhook never reaches the portal and the owner never comes back.
    stripe.holdWebhooks();
    const lost = await startPayment(2_400);
    stripe.pay(lost.sessionId);

    const report = await reconcile(day);

    expect(report.status, report.stderr).toBe(1);
    expect(report.stderr).toBe('');
    const lines = report.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^Payments on ${day} \\(Europe/London: `));
    expect(lines.slice(1)).toEqual([
      'Stripe: 3 paid sessions (£108.00), 1 not paid; 0 refunds (£0.00)',
      'Portal: 2 paid payments (£83.00), 2 not paid',
      'Both agree on 1 paid (£48.00), 1 not paid, 0 refunds',
      '2 differences:',
      `  paid at Stripe, not paid in the portal: money taken, not recorded: payment ${lost.paymentId}, session ${lost.sessionId}; Stripe paid £24.00; portal pending £24.00`,
      `  the amounts differ: payment ${changed.paymentId}, session ${changed.sessionId}; Stripe paid £36.00; portal paid £35.00`,
    ]);
    // Ids and amounts only: never the owner's e-mail or name.
    expect(report.stdout).not.toContain(lost.email);
    expect(report.stdout).not.toMatch(/Olivia|Harbour Vets Clapham/);
    expect(unpaid.paymentId).toBeGreaterThan(0);

    const json = await reconcile(day, '--json');
    expect(json.status).toBe(1);
    const parsed = JSON.parse(json.stdout) as {
      day: string;
      agreed: { paid: number };
      differences: {
        kind: string;
        paymentId: number;
        providerAmountPence: number;
        portalAmountPence: number;
      }[];
    };
    expect(parsed).toMatchObject({ day, agreed: { paid: 1 } });
    expect(
      parsed.differences.map((d) => [d.kind, d.paymentId, d.providerAmountPence, d.portalAmountPence]),
    ).toEqual([
      ['paid_at_provider_only', lost.paymentId, 2_400, 2_400],
      ['amounts_differ', changed.paymentId, 3_600, 3_500],
    ]);

    // The webhook arrives at last and the row is mended: nothing differs.
    await stripe.releaseWebhooks();
    await stripe.webhooksSettled();
    await database.db.execute(
      sql`update online_payments set amount_pence = 3600 where id = ${changed.paymentId}`,
    );
    const mended = await reconcile(day);
    expect(mended, mended.stderr).toMatchObject({ status: 0, stderr: '' });
    expect(mended.stdout).toContain(
      'Both agree on 3 paid (£108.00), 1 not paid, 0 refunds\nNo differences.\n',
    );

    // A session another system made on the account, paid: Stripe holds it, the portal has no payment.
    const foreign = await stripeClientFor(stripe).checkout.sessions.create(depositParams());
    stripe.pay(foreign.id);
    await stripe.webhooksSettled();
    const strange = await reconcile(day);
    expect(strange.status).toBe(1);
    expect(strange.stdout).toContain(
      `  a Stripe session with no portal payment: payment (none), session ${foreign.id}; Stripe paid £25.00; portal (nothing)\n`,
    );
  }, 240_000);

  it('refuses a day that is not one, or not yet begun, and runs only with payments on', async () => {
    for (const day of ['2026-02-30', '28/11/2026', '2999-01-01']) {
      const refused = await reconcile(day);
      expect(refused, day).toMatchObject({ status: 2, stdout: '' });
      expect(refused.stderr).toContain('Usage: portal-admin payments reconcile [--day YYYY-MM-DD] [--json]');
    }
    expect((await reconcile('2026-02-30')).stderr).toMatch(/^--day must be a calendar day, YYYY-MM-DD/);
    const off = await runInProcess(['payments', 'reconcile'], productionSettings(database.url));
    expect(off).toMatchObject({ status: 2, stdout: '' });
    expect(off.stderr).toBe(
      'Paying online is off (PAYMENTS is not stripe): there is nothing to reconcile.\n',
    );
  });
});
