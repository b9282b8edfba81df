/**
 * `npm start`: builds the web app if needed, starts the database (embedded unless DATABASE_URL is set),
 * migrates, loads the demo practice group through the importer when empty (decision 0064), then starts the
 * identity provider, API and web. Without PAYMENTS set, owners pay on a stand-in of Stripe's hosted page
 * (decision 0157): the demo takes payments with no Stripe account, and no card is ever charged. Without
 * DIRECT_DEBIT set, owners join health plans on a stand-in of GoCardless's hosted page (decision 0162).
 * Ctrl-C stops everything; the embedded database keeps its data in .data/postgres.
 */
import { connectDatabase } from '@vet/db/connection';
import { npmStartDatabase } from '@vet/db/local-database';
import { runMigrations } from '@vet/db/migrate';
import { DEMO_ACCOUNTS } from '@vet/db/seed/demo-accounts';
import { DEMO_INVITATIONS } from '@vet/db/seed/demo-onboarding';
import { startDatabaseServer } from '@vet/db/server';
import { loadDemoGroup } from '@vet/practice-import/demo/load-demo-group';
import {
  defaultMachineClientId,
  integrationPathPrefix,
  practiceSystemScope,
} from '@vet/contracts/machine-access';
import { startStripeStandIn } from '../apps/api/src/payments/provider/testing/stripe-stand-in.ts';
import { startGoCardlessStandIn } from '../apps/api/src/plans/direct-debit/testing/gocardless-stand-in.ts';
import { embeddedIssuer, startPortal, type RunningPortal } from './lib/start/portal.ts';
import { localSecret } from './lib/start/local-secret.ts';
import { ensureWebBuild } from './lib/start/web-build.ts';

const log = (line: string) => console.log(`[portal] ${line}`);
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const webPort = port('PORT', 3000);
const apiPort = port('API_PORT', 4000);
const idpPort = port('IDP_PORT', 4100);
const startedAt = Date.now();
/** The practice system's secret: IDP_MACHINE_CLIENT_SECRET, else one kept in this git-ignored file. */
const machineSecretFile = '.data/practice-system-secret';
const machineClient = {
  clientId: process.env.IDP_MACHINE_CLIENT_ID || defaultMachineClientId,
  clientSecret: process.env.IDP_MACHINE_CLIENT_SECRET || localSecret(machineSecretFile),
};

ensureWebBuild(log);

log(
  process.env.DATABASE_URL
    ? 'Using the database at DATABASE_URL'
    : 'Starting the embedded PostgreSQL server…',
);
const database = await startDatabaseServer({
  databaseUrl: process.env.DATABASE_URL,
  // Where the operator's command finds it without DATABASE_URL (decision 0097).
  dataDir: npmStartDatabase.dataDir,
  port: port('EMBEDDED_PG_PORT', npmStartDatabase.port),
  database: npmStartDatabase.database,
});
const payments = process.env.PAYMENTS
  ? undefined
  : await startStripeStandIn({
      port: port('STRIPE_STAND_IN_PORT', 4200),
      publicUrl: `http://localhost:${port('STRIPE_STAND_IN_PORT', 4200)}`,
      webhookUrl: `http://localhost:${apiPort}/payments/stripe/webhook`,
    });
const directDebit = process.env.DIRECT_DEBIT
  ? undefined
  : await startGoCardlessStandIn({
      port: port('GOCARDLESS_STAND_IN_PORT', 4300),
      publicUrl: `http://localhost:${port('GOCARDLESS_STAND_IN_PORT', 4300)}`,
      webhookUrl: `http://localhost:${apiPort}/webhooks/gocardless`,
    });
let portal: RunningPortal | undefined;
let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  log('Stopping…');
  // Ctrl-C reaches the children (and the embedded server) too; stopping what has already gone is fine.
  await portal?.stop().catch(() => {});
  await payments?.close().catch(() => {});
  await directDebit?.close().catch(() => {});
  await database.stop().catch(() => {});
  log('Stopped.');
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  const handle = connectDatabase(database.url, { max: 2 });
  try {
    await runMigrations(handle.pool);
  } finally {
    await handle.close();
  }
  const { loaded } = await loadDemoGroup({
    databaseUrl: database.url,
    embeddedIssuer: embeddedIssuer(idpPort),
  });
  log(loaded ? 'Loaded the demo practice group through the importer.' : 'Demo data already present.');
  portal = await startPortal({
    databaseUrl: database.url,
    webPort,
    apiPort,
    idpPort,
    portalUrl: `http://localhost:${webPort}`,
    output: 'inherit',
    nodeEnv: 'development',
    machineClient,
    // Kept across restarts so that a restart does not sign everyone out.
    env: { NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET || localSecret('.data/web-session-secret') },
    // The provider's keys reach the API alone (decision 0157).
    apiEnv: {
      ...(payments
        ? {
            PAYMENTS: 'stripe',
            STRIPE_SECRET_KEY: payments.secretKey,
            STRIPE_WEBHOOK_SECRET: payments.webhookSecret,
            STRIPE_API_URL: payments.url,
          }
        : {}),
      ...(directDebit
        ? {
            DIRECT_DEBIT: 'gocardless',
            GOCARDLESS_ACCESS_TOKEN: directDebit.accessToken,
            GOCARDLESS_WEBHOOK_SECRET: directDebit.webhookSecret,
            GOCARDLESS_API_URL: directDebit.url,
          }
        : {}),
    },
  });
} catch (error) {
  console.error((error as Error).message);
  await shutdown(1);
}

log(`Ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
log(`The portal: http://localhost:${webPort}   (API docs: http://localhost:${apiPort}/docs)`);
log('Demo sign-in accounts:');
for (const account of DEMO_ACCOUNTS) {
  log(`  ${account.email}  /  ${account.password}  — ${account.description}`);
}
log('Demo invitations (sign up, then open /invite?rc=CODE&ln=LASTNAME):');
for (const invitation of DEMO_INVITATIONS) {
  log(`  ${invitation.code}  ${invitation.lastName}  — ${invitation.description}`);
}
if (!process.env.SMTP_URL) {
  // R4.26: no mail server, so the API keeps every e-mail (verification codes too) for this page.
  log(`E-mails are kept, not sent (no SMTP_URL): read them at http://localhost:${webPort}/dev/mailbox`);
}
if (payments) {
  log(
    `Bills are paid on a stand-in of Stripe's hosted page at ${payments.url} (no card is charged); ` +
      'README.md says how to connect a real Stripe account.',
  );
}
if (directDebit) {
  log(
    `Health plans are joined on a stand-in of GoCardless's hosted page at ${directDebit.url} (no Direct ` +
      'Debit is set up).',
  );
}
// The secret stays out of the terminal: the command reads it where it is kept.
const secretShown = process.env.IDP_MACHINE_CLIENT_SECRET
  ? '$IDP_MACHINE_CLIENT_SECRET'
  : `$(cat ${machineSecretFile})`;
log(
  `A practice system's way in: http://localhost:${apiPort}${integrationPathPrefix} (docs/integration/connecting.md).`,
);
log('  Its token (client credentials):');
log(
  `  curl -s -u "${machineClient.clientId}:${secretShown}" -d grant_type=client_credentials ` +
    `-d scope=${practiceSystemScope} ${embeddedIssuer(idpPort)}/oauth/token`,
);
// The operator's command finds this database while it runs, without DATABASE_URL (decision 0097).
log("The operator's commands (import, webhook endpoints, invitations…): npm run admin -- help");
log('Press Ctrl-C to stop.');
