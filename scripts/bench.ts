/**
 * `npm run bench`: starts the whole portal on a fresh seeded database (as the e2e tests do) and a bare
 * Next.js page built with the installed next/react (scripts/lib/bench/bare-next.ts), and prints figures: the
 * compressed JavaScript each main page loads in Chromium, its ratio to the bare page's and its budget
 * (decision 0053's 1.5×, tighter for some pages: decision 0118), PASS or FAIL, the work each page's start-up gives a 4× slower CPU beside the bare page's
 * (lib/bench/main-thread.ts), Lighthouse's mobile-preset scores and Core Web Vitals for each, and API
 * throughput/latency for a few public endpoints under a bounded loopback load. Prints numbers; asserts
 * nothing. `BENCH_ONLY=weight`: the weights alone. `npx tsx scripts/bench.ts` with
 * `BENCH_PAGES=/appointments/book,/`: only those pages' weights and Lighthouse figures (no main-thread or
 * API figures), for a look at a few pages.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import { startBareNext, installedNextVersions } from './lib/bench/bare-next.ts';
import {
  createNewcomerAccount,
  signInThroughProvider,
  type Credentials,
} from './lib/bench/bench-sessions.ts';
import { launchChromium, weighPage } from './lib/shared/chromium.ts';
import { runLighthouse, type MedianLighthouseFigures } from './lib/bench/lighthouse.ts';
import { measureMainThread } from './lib/bench/main-thread.ts';
import { ONBOARDING_PAGES, SIGNED_IN_PAGES, SIGNED_OUT_PAGES, ratioBudget } from './lib/shared/main-pages.ts';
import { startSeededPortal } from './lib/start/seeded-portal.ts';

const endpoints = ['/online-practices', '/v2/species', '/lookup/online-appointment-reasons'];
const bareNextPort = 3490;
/**
 * Lighthouse's score moves by up to 12 points between runs of one page: each figure is the median of five
 * runs, as Lighthouse's guidance on variability advises.
 */
const LIGHTHOUSE_RUNS = 5;

/** `BENCH_ONLY=weight`: only the compressed JS of each page, for a quick look after a change. */
const weightOnly = process.env.BENCH_ONLY === 'weight';

/** `BENCH_PAGES`: the main pages to measure, by path (all when unset). */
const onlyPages = process.env.BENCH_PAGES?.split(',').map((path) => path.trim());
const chosen = <T extends string>(paths: readonly T[]) =>
  onlyPages ? paths.filter((path) => onlyPages.includes(path)) : paths;
const signedOutPages = chosen(SIGNED_OUT_PAGES);
const signedInPages = chosen(SIGNED_IN_PAGES);
const onboardingPages = chosen(ONBOARDING_PAGES);

const versions = installedNextVersions();
console.log(`Next.js ${versions.next}, React ${versions.react}, React DOM ${versions.reactDom} (installed)`);
const bare = await startBareNext(bareNextPort);
const { portal, databaseUrl, stop } = await startSeededPortal({
  purpose: 'bench',
  ports: { web: 3400, api: 4040, idp: 4140, embeddedPostgres: 54360 },
  env: { LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000' },
}).catch(async (error: unknown) => {
  await bare.stop();
  throw error;
});

try {
  const newcomer = await createNewcomerAccount(databaseUrl);
  const cookie = await measureInChromium(newcomer);
  if (!weightOnly) await measureLighthouse(cookie, newcomer);
  if (!weightOnly && !onlyPages) {
    for (const endpoint of endpoints) await measureEndpoint(`${portal.apiUrl}${endpoint}`, 2_000, 20);
    await measureEndpoint(`${portal.portalUrl}/bff/online-practices`, 1_000, 20);
  }
} finally {
  await bare.stop();
  await stop();
}

/**
 * In one Chromium: signs in as a demo client and as a newcomer, then weighs the bare page and each main
 * page and measures their main thread (signed-out pages in fresh contexts, signed-in ones in new tabs of
 * the signed-in context, as e2e/page-weight.e2e.test.ts does; onboarding pages in the newcomer's). Returns
 * the demo client's cookies, for Lighthouse.
 */
async function measureInChromium(newcomerCredentials: Credentials): Promise<string> {
  const browser = await launchChromium();
  try {
    const { context: signedIn, cookie } = await signInAsDemoClient(browser);
    const { context: newcomer } = await signInAsNewcomer(browser, newcomerCredentials);
    if (!weightOnly) await measureSignInStart(browser);
    const inFreshContext = async <T>(measure: (context: BrowserContext) => Promise<T>) => {
      const context = await browser.newContext();
      try {
        return await measure(context);
      } finally {
        await context.close();
      }
    };
    const barePage = {
      name: `bare Next.js ${versions.next}`,
      url: `${bare.url}/`,
      context: undefined,
      budget: Number.NaN,
    };
    const mainPage = (path: string, name: string, context: BrowserContext | undefined) => ({
      name,
      url: `${portal.portalUrl}${path}`,
      context,
      budget: ratioBudget(path),
    });
    const pages = [
      barePage,
      ...signedOutPages.map((path) => mainPage(path, path, undefined)),
      ...signedInPages.map((path) => mainPage(path, `${path} (signed in)`, signedIn)),
      ...onboardingPages.map((path) => mainPage(path, `${path} (newcomer)`, newcomer)),
    ];
    const inContextOf = <T>(
      page: (typeof pages)[number],
      measure: (context: BrowserContext) => Promise<T>,
    ) => (page.context ? measure(page.context) : inFreshContext(measure));

    console.log(
      '\nCompressed JS each page loads (cold cache, until network idle), its ratio to the bare page and its budget',
    );
    const weigh = (page: (typeof pages)[number]) =>
      inContextOf(page, async (context) => {
        const tab = await context.newPage();
        const kilobytes = await weighPage(tab, page.url);
        await tab.close();
        return kilobytes;
      });
    console.log(tableRow('page', ['kB', 'ratio', 'budget', ''], [8, 9, 9, 6]));
    let bareKb = Number.NaN;
    for (const page of pages) {
      const kb = await weigh(page);
      if (page === barePage) {
        bareKb = kb;
        console.log(tableRow(page.name, [kb.toFixed(1), '1.00×'], [8, 9]));
        continue;
      }
      const ratio = kb / bareKb;
      const verdict = ratio <= page.budget ? 'PASS' : 'FAIL';
      const cells = [kb.toFixed(1), `${ratio.toFixed(2)}×`, `${page.budget}×`, verdict];
      console.log(tableRow(page.name, cells, [8, 9, 9, 6]));
    }
    if (weightOnly || onlyPages) {
      await signedIn.close();
      await newcomer.close();
      return cookie;
    }

    console.log(
      '\nMain thread at a 4× slower CPU (median of 5 cold loads): busy in all, ratio to the bare page, longest task',
    );
    console.log(tableRow('page', ['busy ms', 'ratio', 'longest'], [9, 9, 9]));
    let bareBusyMs = Number.NaN;
    for (const page of pages) {
      const figures = await inContextOf(page, (context) => measureMainThread(context, page.url));
      if (page === barePage) bareBusyMs = figures.busyMs;
      const ratio = `${(figures.busyMs / bareBusyMs).toFixed(2)}×`;
      const cells = [figures.busyMs.toFixed(0), ratio, figures.longestTaskMs.toFixed(0)];
      console.log(tableRow(page.name, cells, [9, 9, 9]));
    }
    await signedIn.close();
    await newcomer.close();
    return cookie;
  } finally {
    await browser.close();
  }
}

/** Signs in as a demo client (timing it) and returns the signed-in context and its cookies as a header. */
async function signInAsDemoClient(browser: Browser) {
  const olivia = DEMO_ACCOUNT.manyPets;
  const session = await signInThroughProvider(browser, portal.portalUrl, olivia, (page) =>
    page.getByRole('heading', { level: 1, name: `Welcome, ${olivia.firstName}` }).waitFor(),
  );
  console.log(
    `sign-in: ${session.fromOpenMs} ms from opening the portal to the dashboard (${session.fromFormMs} ms from the provider’s form to the dashboard)`,
  );
  return session;
}

/** Signs in as the newcomer (createNewcomerAccount), who lands on "Find your record". */
function signInAsNewcomer(browser: Browser, newcomer: Credentials) {
  return signInThroughProvider(browser, portal.portalUrl, newcomer, (page) =>
    page.waitForURL((url) => url.pathname === '/registration', { timeout: 20_000 }),
  );
}

/**
 * Decision 0049: how long a signed-out visitor waits, on a phone-like profile (4× slower CPU, 150 ms
 * latency, 1.6 Mbit/s), from opening a page that needs a session to the provider's sign-in form. The
 * median of three, each in a fresh context.
 */
async function measureSignInStart(browser: Browser) {
  for (const path of ['/', '/pets']) {
    const times: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const started = Date.now();
      await page.goto(`${portal.portalUrl}${path}`);
      await page.getByLabel('E-mail address').waitFor({ timeout: 60_000 });
      times.push(Date.now() - started);
      await context.close();
    }
    const median = [...times].sort((a, b) => a - b)[1]!;
    console.log(
      `sign-in start on a phone-like profile: ${median} ms from opening ${path} signed out to the provider’s form (runs: ${times.join(', ')})`,
    );
  }
}

/**
 * Lighthouse (mobile preset) on the bare page and each main page; signed-in pages with the session's
 * cookies. The onboarding pages come last, as a newcomer signed in just before them: a session idle
 * since the Chromium figures would have ended (the server's inactivity rule) and sent Lighthouse on.
 */
async function measureLighthouse(cookie: string, newcomer: Credentials) {
  const targets = [
    { name: `bare Next.js ${versions.next}`, url: `${bare.url}/` },
    ...signedOutPages.map((path) => ({ name: path, url: `${portal.portalUrl}${path}` })),
    ...signedInPages.map((path) => ({
      name: `${path} (signed in)`,
      url: `${portal.portalUrl}${path}`,
      cookie,
    })),
  ];
  console.log(
    `\nLighthouse, mobile preset (simulated throttling): the median of ${LIGHTHOUSE_RUNS} runs per page, with the range of its performance scores`,
  );
  console.log(
    '(FCP and LCP simulated; "seen LCP": the largest paint in the unthrottled load they are simulated from; CPU: the run\'s BenchmarkIndex, a fast desktop 1,500-2,000)',
  );
  const widths = [6, 9, 6, 6, 8, 8, 10, 8, 8, 7];
  const headings = ['perf', 'range', 'a11y', 'b-p', 'FCP ms', 'LCP ms', 'seen LCP', 'TBT ms', 'CLS', 'CPU'];
  console.log(tableRow('page', headings, widths));
  const report = (target: { name: string }, f: MedianLighthouseFigures) => {
    const [lowest, highest] = f.performanceRange;
    const cells = [f.performance, `${lowest}–${highest}`, f.accessibility, f.bestPractices].map(String);
    cells.push(f.fcpMs.toFixed(0), f.lcpMs.toFixed(0), f.observedLcpMs.toFixed(0));
    cells.push(f.tbtMs.toFixed(0), f.cls.toFixed(3), f.benchmarkIndex.toFixed(0));
    const redirect = f.redirectedTo ? `  (ended at ${f.redirectedTo})` : '';
    console.log(tableRow(target.name, cells, widths) + redirect);
    const failures = f.bestPracticeFailures.length
      ? `; best practices lost on ${f.bestPracticeFailures.join(', ')}`
      : '';
    const shifted = f.shiftedElements.length ? `; moved: ${f.shiftedElements.join(' | ')}` : '';
    console.log(`  LCP element: ${f.lcpElement}${shifted}${failures}`);
    if (f.failedRuns.length > 0) {
      const count = `${f.failedRuns.length} of ${LIGHTHOUSE_RUNS} runs`;
      console.log(`  Lighthouse could not measure ${count}: ${f.failedRuns.join('; ')}`);
    }
  };
  await runLighthouse(targets, LIGHTHOUSE_RUNS, report);
  if (onboardingPages.length === 0) return;
  const newcomerCookie = await newcomerSessionCookie(newcomer);
  const onboarding = onboardingPages.map((path) => ({
    name: `${path} (newcomer)`,
    url: `${portal.portalUrl}${path}`,
    cookie: newcomerCookie,
  }));
  await runLighthouse(onboarding, LIGHTHOUSE_RUNS, report);
}

/** A fresh newcomer session's cookies, as a header. */
async function newcomerSessionCookie(newcomer: Credentials): Promise<string> {
  const browser = await launchChromium();
  try {
    return (await signInAsNewcomer(browser, newcomer)).cookie;
  } finally {
    await browser.close();
  }
}

/** A line of a printed table: the page's name, then each cell right-aligned to its width. */
function tableRow(name: string, cells: string[], widths: number[]): string {
  return name.padEnd(40) + cells.map((cell, i) => cell.padStart(widths[i] ?? 8)).join('');
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
