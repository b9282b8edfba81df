/**
 * `npm run bench`: starts the whole portal on a fresh seeded database (as the e2e tests do) and prints
 * figures: the compressed JavaScript each main page loads in Chromium, and API throughput/latency for a
 * few public endpoints under a bounded loopback load. Prints numbers; asserts nothing.
 */
import type { Browser } from 'playwright-core';
import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import { countScriptBytes, launchChromium, submitProviderSignIn } from './lib/chromium.ts';
import { startSeededPortal } from './lib/seeded-portal.ts';

const pages = ['/practices'];
const endpoints = ['/online-practices', '/v2/species', '/lookup/online-appointment-reasons'];

const { portal, stop } = await startSeededPortal({
  purpose: 'bench',
  ports: { web: 3400, api: 4040, idp: 4140, embeddedPostgres: 54360 },
  env: { LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000' },
});

try {
  await measurePages();
  for (const endpoint of endpoints) await measureEndpoint(`${portal.apiUrl}${endpoint}`, 2_000, 20);
  await measureEndpoint(`${portal.portalUrl}/bff/online-practices`, 1_000, 20);
} finally {
  await stop();
}

async function measurePages() {
  const browser = await launchChromium();
  try {
    for (const path of pages) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scriptBytes = await countScriptBytes(context, page);
      const started = Date.now();
      await page.goto(`${portal.portalUrl}${path}`, { waitUntil: 'networkidle' });
      const loadMs = Date.now() - started;
      const { kilobytes, scripts } = scriptBytes();
      console.log(
        `page ${path}: ${kilobytes.toFixed(1)} kB compressed JS in ${scripts} scripts; loaded (network idle) in ${loadMs} ms`,
      );
      await context.close();
    }
    await measureSignedInDashboard(browser);
  } finally {
    await browser.close();
  }
}

/** The dashboard as a demo client sees it; measured on a reload, so sign-in is not counted. */
async function measureSignedInDashboard(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const olivia = DEMO_ACCOUNT.manyPets;
  const signInStarted = Date.now();
  await page.goto(`${portal.portalUrl}/`);
  await page.waitForURL((url) => url.pathname.startsWith('/interaction/'));
  const onForm = Date.now();
  await submitProviderSignIn(page, olivia.email, olivia.password);
  await page.getByRole('heading', { level: 1, name: `Welcome, ${olivia.firstName}` }).waitFor();
  const signedIn = Date.now();
  const scriptBytes = await countScriptBytes(context, page);
  const started = Date.now();
  await page.reload({ waitUntil: 'load' });
  await page.getByRole('region', { name: 'Your pets' }).getByRole('article').first().waitFor();
  const shownMs = Date.now() - started;
  await page.waitForTimeout(1_000);
  console.log(
    `sign-in: ${signedIn - signInStarted} ms from opening the portal to the dashboard (${signedIn - onForm} ms from the provider’s form to the dashboard)`,
  );
  const { kilobytes, scripts } = scriptBytes();
  console.log(
    `page / (signed in): ${kilobytes.toFixed(1)} kB compressed JS in ${scripts} scripts; pets shown in ${shownMs} ms`,
  );
  await context.close();
}

/** A bounded closed-loop load: `total` requests, `concurrency` at a time, on loopback only. */
async function measureEndpoint(target: string, total: number, concurrency: number) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t0 = performance.now();
        const response = await fetch(target);
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(1);
  console.log(
    `GET ${new URL(target).pathname}: ${(total / seconds).toFixed(0)} req/s, p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, p99 ${pct(0.99)} ms, ${failures} failed (${total} requests, ${concurrency} concurrent)`,
  );
}
