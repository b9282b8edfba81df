/**
 * The Stripe stand-in as a process of its own, for the demo (`npm start` has no Stripe account):
 * `tsx apps/api/src/payments/provider/testing/stripe-stand-in-main.ts [port]`. Environment:
 * STRIPE_STAND_IN_PORT (or the argument; default 12111), STRIPE_STAND_IN_HOST (default 127.0.0.1),
 * STRIPE_STAND_IN_WEBHOOK_URL (where events are POSTed), STRIPE_STAND_IN_PUBLIC_URL (the hosted page's
 * address as the browser sees it), STRIPE_STAND_IN_SECRET_KEY and STRIPE_STAND_IN_WEBHOOK_SECRET (test
 * values; the API is given the same). Prints one line, `READY {json}`, once it listens.
 */
import { startStripeStandIn } from './stripe-stand-in.ts';

const env = process.env;
const port = Number(process.argv[2] ?? env.STRIPE_STAND_IN_PORT ?? 12111);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  throw new Error(`Not a port: ${String(process.argv[2] ?? env.STRIPE_STAND_IN_PORT)}`);
}

const standIn = await startStripeStandIn({
  port,
  host: env.STRIPE_STAND_IN_HOST ?? '127.0.0.1',
  ...(env.STRIPE_STAND_IN_WEBHOOK_URL ? { webhookUrl: env.STRIPE_STAND_IN_WEBHOOK_URL } : {}),
  ...(env.STRIPE_STAND_IN_PUBLIC_URL ? { publicUrl: env.STRIPE_STAND_IN_PUBLIC_URL } : {}),
  ...(env.STRIPE_STAND_IN_SECRET_KEY ? { secretKey: env.STRIPE_STAND_IN_SECRET_KEY } : {}),
  ...(env.STRIPE_STAND_IN_WEBHOOK_SECRET ? { webhookSecret: env.STRIPE_STAND_IN_WEBHOOK_SECRET } : {}),
});

// Test keys only (the stand-in refuses nothing else): printing them tells the demo what to configure.
console.log(
  `READY ${JSON.stringify({
    url: standIn.url,
    webhookUrl: env.STRIPE_STAND_IN_WEBHOOK_URL ?? null,
    secretKey: standIn.secretKey,
    webhookSecret: standIn.webhookSecret,
  })}`,
);

const stop = () => {
  void standIn.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2_000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
