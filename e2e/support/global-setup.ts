import { recordTestSecret, testLogDir } from '@vet/contracts/testing/test-logs';
import type { TestProject } from 'vitest/node';
import { chromiumBrowser, NoChromiumError } from '../../scripts/lib/shared/chromium.ts';
import { startSeededPortal } from '../../scripts/lib/start/seeded-portal.ts';
import { startStripeStandIn } from '../../apps/api/src/payments/provider/testing/stripe-stand-in.ts';
import { startGoCardlessStandIn } from '../../apps/api/src/plans/direct-debit/testing/gocardless-stand-in.ts';
import { startAddressProvider } from './address-provider.ts';
import { e2eChecksPerAddress, e2eRequestsPerAddressPerMinute } from './limits.ts';
import { recordSessionSecrets } from './recorded-secrets.ts';

/**
 * The end-to-end tests run the whole portal as a person meets it: the built web app, the API and the
 * embedded identity provider as separate processes, on a fresh database seeded with the demo group.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await findTheBrowserFirst();
  const addressProvider = await startAddressProvider();
  // The stand-in's key is a secret like any: it must reach no log.
  recordTestSecret('password', addressProvider.standIn.apiKey);
  // Owners pay on a stand-in of Stripe's hosted page (decision 0157); its keys are secrets like any.
  const stripe = await startStripeStandIn();
  recordTestSecret('password', stripe.secretKey);
  recordTestSecret('password', stripe.webhookSecret);
  // Owners join a health plan on a stand-in of GoCardless's hosted Direct Debit page (decision 0162).
  const gocardless = await startGoCardlessStandIn();
  recordTestSecret('password', gocardless.accessToken);
  recordTestSecret('password', gocardless.webhookSecret);
  const closeStandIns = async () => {
    await addressProvider.standIn.close();
    await stripe.close();
    await gocardless.close();
  };
  const { portal, databaseUrl, stop } = await startSeededPortal({
    purpose: 'e2e',
    ports: {
      web: Number(process.env.E2E_WEB_PORT ?? 3100),
      api: Number(process.env.E2E_API_PORT ?? 4010),
      idp: Number(process.env.E2E_IDP_PORT ?? 4110),
      embeddedPostgres: Number(process.env.TEST_EMBEDDED_PG_PORT_E2E ?? 54331),
    },
    env: {
      LOG_LEVEL: 'warn',
      ONBOARDING_CHECKS_PER_ADDRESS: String(e2eChecksPerAddress),
      RATE_LIMIT_MAX: String(e2eRequestsPerAddressPerMinute),
      // A reminder coming due mid-run would be a client's newest e-mail, which journeys read.
      REMINDERS: 'off',
      // The address lookup asks a stand-in of Ideal Postcodes, as production asks Ideal Postcodes.
      ...addressProvider.env,
    },
    // The provider's keys reach the API alone (decision 0157).
    apiEnv: {
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      DIRECT_DEBIT: 'gocardless',
      GOCARDLESS_ACCESS_TOKEN: gocardless.accessToken,
      GOCARDLESS_WEBHOOK_SECRET: gocardless.webhookSecret,
      GOCARDLESS_API_URL: gocardless.url,
    },
    testLogName: 'e2e',
  }).catch(async (error: unknown) => {
    await closeStandIns();
    throw error;
  });
  stripe.setWebhookUrl(`${portal.apiUrl}/payments/stripe/webhook`);
  gocardless.setWebhookUrl(`${portal.apiUrl}/webhooks/gocardless`);
  project.provide('portalUrl', portal.portalUrl);
  project.provide('apiUrl', portal.apiUrl);
  project.provide('e2eDatabaseUrl', databaseUrl);
  // The practice system's client at the embedded provider (decision 0062): its secret must reach no log.
  project.provide('practiceSystem', { issuer: portal.issuer, ...portal.machineClient });
  recordTestSecret('password', portal.machineClient.clientSecret);
  return async () => {
    try {
      if (testLogDir()) await recordSessionSecrets(databaseUrl);
    } finally {
      await stop();
      await closeStandIns();
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    portalUrl: string;
    apiUrl: string;
    e2eDatabaseUrl: string;
    /** Gets client-credentials tokens for the API's integration routes (e2e/support/practice-system.ts). */
    practiceSystem: { issuer: string; clientId: string; clientSecret: string };
  }
}

/**
 * The browser before anything else (decision 0073): inflated here once, not by each test file at once;
 * and a machine without one stops in seconds, before the build, with one line saying what to run.
 */
async function findTheBrowserFirst(): Promise<void> {
  try {
    await chromiumBrowser();
  } catch (error) {
    if (!(error instanceof NoChromiumError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
