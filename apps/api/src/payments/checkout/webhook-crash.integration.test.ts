import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { appendTestLog } from '@vet/contracts/testing/test-logs';
import { createInvoice } from '@vet/db/testing/bill-factories';
import { createClient, createPractice } from '@vet/db/testing/factories';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeProvider } from '../provider/index.ts';
import { startStripeStandIn, type StripeStandIn } from '../provider/testing/stripe-stand-in.ts';
import { createPaymentsRepository } from './payments-repository.ts';
import { startInvoicePayment } from './payments-service.ts';

/**
 * Issue 64's kill (decision 0157): Stripe has taken the money and its webhook is in the API's hands when the
 * API process dies (SIGKILL), before its transaction commits. Nothing of the payment is written then; Stripe
 * delivers the event again, a new process applies it, and the payment is recorded exactly once.
 */
const own = useOwnDatabase('payments_crash');
const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
let stripe: StripeStandIn;
beforeAll(async () => {
  // Stripe retries a failed delivery with back-off (for days); here within seconds.
  stripe = await startStripeStandIn({ webhookRetry: { attempts: 10, delayMs: 250 } });
});
// A failed or timed-out test must not leave an API process behind.
const children: ReturnType<typeof spawn>[] = [];
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await stripe.close();
});

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** The API's own server.ts as a process of its own, on a given port, against the stand-in. */
async function startApi(name: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      DATABASE_URL: own.current.url,
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    appendTestLog(`api-payments-crash-${name}`, chunk.toString());
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = once(child, 'exit');
  await new Promise<void>((resolve, reject) => {
    child.on('exit', () => reject(new Error(`${name} exited:\n${output}`)));
    child.stdout.on('data', () => {
      if (/API listening on http:\/\/127\.0\.0\.1:\d+/.test(output)) resolve();
    });
  });
  return { child, exited };
}

const count = async (query: string, value: string) =>
  Number((await own.current.pool.query<{ n: string }>(query, [value])).rows[0]?.n);

describe('the API killed between Stripe’s success and its own write', () => {
  // Two API processes start one after the other (several seconds each on two cores).
  it(
    'writes nothing, and the redelivered webhook records the payment once',
    { timeout: 120_000 },
    async () => {
      const { db, pool } = own.current;
      const practice = await createPractice(db);
      const client = await createClient(db, { homePracticeId: practice.id });
      const invoice = await createInvoice(db, { practiceId: practice.id, clientId: client.id }, [
        { unitPricePence: 2_500 },
      ]);
      const deps = {
        db,
        repository: createPaymentsRepository(),
        provider: stripeProvider({
          secretKey: stripe.secretKey,
          webhookSecret: stripe.webhookSecret,
          apiUrl: stripe.url,
          timeoutMs: 2_000,
        }),
        portalUrl: 'http://localhost:3000',
        brandName: 'Harbour Vets',
      };
      const started = await startInvoicePayment(
        deps,
        { clientId: client.id, email: null },
        invoice.id,
        3_000,
      );
      const paymentId = String(started.paymentId);

      const port = await freePort();
      stripe.setWebhookUrl(`http://127.0.0.1:${port}/payments/stripe/webhook`);
      const first = await startApi('first', port);
      // The payment's row held by another transaction: the API's webhook waits inside its own.
      const blocker = await pool.connect();
      try {
        await blocker.query('begin');
        await blocker.query('select 1 from online_payments where id = $1 for update', [paymentId]);
        stripe.pay(started.checkoutUrl.split('/').pop()!);
        await expect
          .poll(() =>
            count(
              `select count(*) as n from pg_stat_activity
             where wait_event_type = 'Lock' and query like '%online_payments%' and datname = $1`,
              new URL(own.current.url).pathname.slice(1),
            ),
          )
          .toBe(1);
        first.child.kill('SIGKILL');
        await first.exited;
      } finally {
        await blocker.query('rollback');
        blocker.release();
      }
      // The dead process's transaction never committed.
      await expect
        .poll(() =>
          count(
            `select count(*) as n from pg_stat_activity where query like '%online_payments%' and datname = $1
           and state <> 'idle' and pid <> pg_backend_pid()`,
            new URL(own.current.url).pathname.slice(1),
          ),
        )
        .toBe(0);
      expect(await count("select count(*) as n from payment_provider_events where $1 <> ''", 'x')).toBe(0);
      expect(
        (
          await pool.query<{ status: string }>('select status from online_payments where id = $1', [
            paymentId,
          ])
        ).rows[0]?.status,
      ).toBe('pending');

      const second = await startApi('second', port);
      try {
        await expect
          .poll(
            async () =>
              (
                await pool.query<{ status: string }>('select status from online_payments where id = $1', [
                  paymentId,
                ])
              ).rows[0]?.status,
            { timeout: 20_000 },
          )
          .toBe('paid');
        await stripe.webhooksSettled();
        expect(
          await count(
            `select count(*) as n from practice_events where type = 'payment.received' and data->>'payment_id' = $1`,
            paymentId,
          ),
        ).toBe(1);
        expect(await count("select count(*) as n from payment_provider_events where $1 <> ''", 'x')).toBe(1);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    },
  );
});
