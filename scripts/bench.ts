/**
 * `npm run bench`: starts the whole portal on a fresh seeded database (as the e2e tests do) and prints
 * figures: the compressed JavaScript each main page loads in Chromium, and API throughput/latency for a
 * few public endpoints under a bounded loopback load. Prints numbers; asserts nothing.
 */
import { chromium, type Browser } from 'playwright-core';
import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
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
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    for (const path of pages) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const scripts = new Set<string>();
      let bytes = 0;
      cdp.on('Network.responseReceived', (event) => {
        if (event.type === 'Script') scripts.add(event.requestId);
      });
      cdp.on('Network.loadingFinished', (event) => {
        if (scripts.has(event.requestId)) bytes += event.encodedDataLength;
      });
      const started = Date.now();
      await page.goto(`${portal.portalUrl}${path}`, { waitUntil: 'networkidle' });
      const loadMs = Date.now() - started;
      console.log(
        `page ${path}: ${(bytes / 1024).toFixed(1)} kB compressed JS in ${scripts.size} scripts; loaded (network idle) in ${loadMs} ms`,
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
  await page.getByLabel('E-mail address').fill(olivia.email);
  await page.getByLabel('Password', { exact: true }).fill(olivia.password);
  const submitted = Date.now();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: `Welcome, ${olivia.firstName}` }).waitFor();
  const signedIn = Date.now();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Set<string>();
  let bytes = 0;
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (scripts.has(event.requestId)) bytes += event.encodedDataLength;
  });
  const started = Date.now();
  await page.reload({ waitUntil: 'load' });
  await page.getByRole('region', { name: 'Your pets' }).getByRole('article').first().waitFor();
  const shownMs = Date.now() - started;
  await page.waitForTimeout(1_000);
  console.log(
    `sign-in: ${signedIn - signInStarted} ms from opening the portal to the dashboard (${signedIn - submitted} ms after pressing Sign in)`,
  );
  console.log(
    `page / (signed in): ${(bytes / 1024).toFixed(1)} kB compressed JS in ${scripts.size} scripts; pets shown in ${shownMs} ms`,
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
