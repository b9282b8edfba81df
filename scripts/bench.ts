/**
 * `npm run bench`: starts the whole portal on a fresh seeded database (as the e2e tests do) and prints
 * figures: the compressed JavaScript each main page loads in Chromium, and API throughput/latency for a
 * few public endpoints under a bounded loopback load. Prints numbers; asserts nothing.
 */
import { randomBytes } from 'node:crypto';
import { chromium } from 'playwright-core';
import { connectDatabase } from '@vet/db/connection';
import { runMigrations } from '@vet/db/migrate';
import { seedDemoData } from '@vet/db/seed/seed-demo-data';
import { dropDatabase, ensureDatabase, startDatabaseServer } from '@vet/db/server';
import { embeddedIssuer, startPortal } from './lib/portal.ts';
import { ensureWebBuild } from './lib/web-build.ts';

const ports = { web: 3400, api: 4040, idp: 4140, pg: 54360 };
const pages = ['/practices'];
const endpoints = ['/online-practices', '/v2/species', '/lookup/online-appointment-reasons'];

ensureWebBuild((line) => console.log(line));
const server = await startDatabaseServer({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: '.data/bench-postgres',
  port: ports.pg,
  database: 'postgres',
});
const name = `portal_bench_${randomBytes(4).toString('hex')}`;
await ensureDatabase(server.url, name);
const url = new URL(server.url);
url.pathname = `/${name}`;
const handle = connectDatabase(url.toString(), { max: 1 });
await runMigrations(handle.pool);
await seedDemoData(handle.db, { embeddedIssuer: embeddedIssuer(ports.idp) });
await handle.close();
const portal = await startPortal({
  databaseUrl: url.toString(),
  webPort: ports.web,
  apiPort: ports.api,
  idpPort: ports.idp,
  portalUrl: `http://localhost:${ports.web}`,
  output: 'collect',
  env: { LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000' },
});

try {
  await measurePages();
  for (const endpoint of endpoints) await measureEndpoint(`${portal.apiUrl}${endpoint}`, 2_000, 20);
  await measureEndpoint(`${portal.portalUrl}/bff/online-practices`, 1_000, 20);
} finally {
  await portal.stop();
  await dropDatabase(server.url, name);
  await server.stop();
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
  } finally {
    await browser.close();
  }
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
