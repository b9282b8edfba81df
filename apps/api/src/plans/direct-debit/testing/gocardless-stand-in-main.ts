/**
 * The GoCardless stand-in as a process of its own, for the demo (`npm start` has no GoCardless account):
 * `tsx apps/api/src/plans/direct-debit/testing/gocardless-stand-in-main.ts [port]`. Environment:
 * GOCARDLESS_STAND_IN_PORT (or the argument; default 12112), GOCARDLESS_STAND_IN_HOST (default 127.0.0.1),
 * GOCARDLESS_STAND_IN_WEBHOOK_URL (where webhooks are POSTed), GOCARDLESS_STAND_IN_PUBLIC_URL (the hosted
 * page's address as the browser sees it), GOCARDLESS_STAND_IN_ACCESS_TOKEN and
 * GOCARDLESS_STAND_IN_WEBHOOK_SECRET (test values; the API is given the same). Prints one line,
 * `READY {json}`, once it listens.
 */
import { startGoCardlessStandIn } from './gocardless-stand-in.ts';

const env = process.env;
const port = Number(process.argv[2] ?? env.GOCARDLESS_STAND_IN_PORT ?? 12112);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  throw new Error(`Not a port: ${String(process.argv[2] ?? env.GOCARDLESS_STAND_IN_PORT)}`);
}

const standIn = await startGoCardlessStandIn({
  port,
  host: env.GOCARDLESS_STAND_IN_HOST ?? '127.0.0.1',
  ...(env.GOCARDLESS_STAND_IN_WEBHOOK_URL ? { webhookUrl: env.GOCARDLESS_STAND_IN_WEBHOOK_URL } : {}),
  ...(env.GOCARDLESS_STAND_IN_PUBLIC_URL ? { publicUrl: env.GOCARDLESS_STAND_IN_PUBLIC_URL } : {}),
  ...(env.GOCARDLESS_STAND_IN_ACCESS_TOKEN ? { accessToken: env.GOCARDLESS_STAND_IN_ACCESS_TOKEN } : {}),
  ...(env.GOCARDLESS_STAND_IN_WEBHOOK_SECRET
    ? { webhookSecret: env.GOCARDLESS_STAND_IN_WEBHOOK_SECRET }
    : {}),
});

// Test values only (the stand-in accepts nothing else): printing them tells the demo what to configure.
console.log(
  `READY ${JSON.stringify({
    url: standIn.url,
    webhookUrl: env.GOCARDLESS_STAND_IN_WEBHOOK_URL ?? null,
    accessToken: standIn.accessToken,
    webhookSecret: standIn.webhookSecret,
  })}`,
);

const stop = () => {
  void standIn.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2_000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
