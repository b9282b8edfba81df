/**
 * `npm run bench:connectors`: each connector (decisions 0106–0108) against its vendor's stand-in holding
 * one practice of the group at scale, the vendor's published limits enforced, into an empty portal
 * database of its own (DATABASE_URL's server, or an embedded one on port 54397). Prints, per system:
 * the first sync (measured at a fraction of the group and projected to 500 practices, saying how); with
 * desk and online traffic running (connectors-traffic.ts) the delay from a desk booking in the system to
 * its time leaving the portal's slot search, and from an online booking to its appearance in the system's
 * diary (p50/p95/p99 beside the targets); then the share of the rate budget a catch-up uses and its 429s,
 * counted from the stand-in's own request log, in a catch-up the limits bind (every kind read again in
 * pages of 10: at one practice the first sync is bound by the portal's work, not the limits). Asserts
 * nothing (decision 0023).
 *
 * Options: `--scale <fraction of one average practice>` (default 1: 20 clinicians, 2,000 clients, 3,000
 * pets, the next 90 days of appointments; `--scale small` is 0.1; BENCH_SCALE too), `--minutes <n>` of
 * traffic in vendor time (default 60, 20 when small), `--only ezyvet|provet`.
 *
 * Vendor time: the stand-ins and the connections share a clock that skips every wait (a rate limit's,
 * a poll interval's) and runs at the wall's pace in between (connectors-sites.ts), so a catch-up that
 * the limits stretch over an hour runs in minutes; every time printed is the vendor's.
 */
import { parseArgs } from 'node:util';
import { connectDatabase } from '@vet/db/connection';
import { createScratchDatabase } from '@vet/db/scratch-database';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { connectorBenchPortal } from '../apps/api/src/practice-system/connectors/testing/connector-bench-kit.ts';
import { budgetUse, endpointPace, type BudgetUse } from './lib/bench/connectors-budget.ts';
import {
  ezyvetSite,
  provetSite,
  siteShape,
  type BenchSite,
  type SiteShape,
} from './lib/bench/connectors-sites.ts';
import { runTraffic, type TrafficResult } from './lib/bench/connectors-traffic.ts';
import { startBenchDatabaseServer } from './lib/bench/group-database.ts';
import { quantile } from './lib/bench/open-loop.ts';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: process.env.BENCH_SCALE ?? '1' },
    minutes: { type: 'string' },
    only: { type: 'string' },
  },
});
const scale = values.scale === 'small' ? 0.1 : Number(values.scale);
if (!(scale > 0 && scale <= 1)) throw new Error('--scale is a fraction of one practice: small, or (0, 1]');
const minutes = Number(values.minutes ?? (scale < 0.5 ? 20 : 60));

/** The targets the connectors are held to (what the bench prints them beside; no test asserts them). */
const TARGETS = { budgetShare: 0.9, deskP99Ms: 60_000, onlineP99Ms: 10_000 };
/** The group the figures are projected to (the group data set's: scripts/lib/bench/group-data-set.ts). */
const GROUP = { practices: 500, clients: 1_000_000, pets: 1_500_000 };
const POLL_SECONDS = 15;
const TRAFFIC = { deskEverySeconds: 20, onlineEverySeconds: 30 };
/** Records a page in the limiter's catch-up: small, so the limits and not the records bound it. */
const BUDGET_PAGE_SIZE = 10;

const log = (line: string) => console.log(line);
const count = (n: number) => Math.round(n).toLocaleString('en-GB');
const duration = (ms: number) =>
  ms >= 3_600_000 * 48
    ? `${(ms / 86_400_000).toFixed(1)} days`
    : ms >= 3_600_000
      ? `${(ms / 3_600_000).toFixed(1)} h`
      : ms >= 60_000
        ? `${(ms / 60_000).toFixed(1)} min`
        : ms >= 1_000
          ? `${(ms / 1000).toFixed(1)} s`
          : `${Math.round(ms)} ms`;
const percent = (share: number) => `${(share * 100).toFixed(0)} %`;
const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');

const shape = siteShape(scale);
const practiceRef = 'BENCH-0001';
const systems = [
  { key: 'ezyvet', start: ezyvetSite },
  { key: 'provet', start: provetSite },
].filter((system) => !values.only || system.key === values.only);

log(
  `bench:connectors at scale ${scale} of one practice: ${shape.clinicians} clinicians, ${count(shape.clients)} clients, ` +
    `${count(shape.pets)} pets, ${shape.days} days of appointments (${shape.perClinicianDay} a clinician a weekday); ` +
    `${minutes} vendor minutes of traffic, a pass every ${POLL_SECONDS} s`,
);
const server = await startBenchDatabaseServer('.data/bench-connectors-postgres', 54397);
try {
  for (const system of systems) await benchOne(system.key, system.start);
} finally {
  await server.stop();
}

async function benchOne(key: string, start: (shape: SiteShape, practiceRef: string) => Promise<BenchSite>) {
  const database = await createScratchDatabase(server.url, `bench_connectors_${key}`);
  const handle = connectDatabase(database.url, { max: 4 });
  const generated = performance.now();
  const site = await start(shape, practiceRef);
  try {
    await seedImportLookups(handle);
    log('');
    log(
      `${site.system}: the stand-in holds ${Object.entries(site.counts)
        .map(([kind, n]) => `${count(n)} ${kind}`)
        .join(', ')} (generated in ${((performance.now() - generated) / 1000).toFixed(1)} s wall)`,
    );
    const runtime = {
      name: `bench-${key}`,
      practices: [practiceRef],
      pollSeconds: POLL_SECONDS,
      connection: site.connection,
    };
    const portal = connectorBenchPortal(handle, runtime, () => new Date(site.clock.now()));

    // The first sync: passes until one reads everything (a pass told to wait waits, as the runner does).
    const { clock } = site;
    const from = clock.now();
    const sleptBefore = clock.slept;
    const wallStart = performance.now();
    const ticker = setInterval(
      () =>
        log(
          `  first sync: ${count(site.requests.length)} requests, ${duration(clock.now() - from)} vendor time`,
        ),
      10_000,
    );
    let passes = 0;
    try {
      for (;;) {
        passes += 1;
        const outcome = await portal.cycle();
        if (outcome.kind === 'read') break;
        if (outcome.kind === 'auth_failed') throw new Error(`${site.system} refused the credentials`);
        if (outcome.kind === 'unknown_answer') throw new Error(`${site.system} answered a shape not known`);
        await clock.sleep(outcome.retryAfterMs ?? 5_000);
      }
    } finally {
      clearInterval(ticker);
    }
    const to = clock.now();
    const firstSync = {
      ms: to - from,
      waitedMs: clock.slept - sleptBefore,
      wallMs: performance.now() - wallStart,
      passes,
    };
    const budget = budgetUse(site.requests, from, to, site.limits);
    const held = (
      await handle.pool.query<Record<string, number>>(
        `select (select count(*)::int from clients) as clients, (select count(*)::int from pets) as pets,
                (select count(*)::int from appointments) as appointments,
                (select count(*)::int from connector_refusals) as refused`,
      )
    ).rows[0]!;
    log(
      `  first sync done: ${count(held.clients!)} clients, ${count(held.pets!)} pets, ` +
        `${count(held.appointments!)} appointments in the portal, ${count(held.refused!)} refused`,
    );

    if (held.refused! > 0) {
      const reasons = await handle.pool.query<{ kind: string; reasons: string; n: number }>(
        `select kind, reasons::text, count(*)::int as n from connector_refusals
          group by kind, reasons::text order by n desc limit 5`,
      );
      for (const row of reasons.rows) log(`    refused ${row.n} ${row.kind}: ${row.reasons}`);
    }
    log(`  traffic: ${minutes} vendor minutes…`);
    const trafficFrom = clock.now();
    const traffic = await runTraffic(
      site,
      portal,
      handle.pool,
      { minutes, pollSeconds: POLL_SECONDS, ...TRAFFIC },
      log,
    );
    const trafficUse = budgetUse(site.requests, trafficFrom, clock.now(), site.limits);
    const trafficMinutes = (clock.now() - trafficFrom) / 60_000;
    log(`  the limiter's catch-up: every kind read again from the start, pages of ${BUDGET_PAGE_SIZE}…`);
    const limited = await readingCatchUp(site);
    report(site, firstSync, budget, traffic, limited);
    log(
      `  requests a minute with traffic (limit ${site.limits.perEndpoint} an endpoint): ` +
        [...trafficUse.byEndpoint]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([endpoint, n]) => `${endpoint} ${(n / trafficMinutes).toFixed(1)}`)
          .join(', ') +
        `; 429s ${trafficUse.tooMany}`,
    );
  } finally {
    await site.close();
    await handle.close();
    if (process.env.BENCH_KEEP === '1') log(`Kept the database: ${database.url}`);
    else await database.drop();
  }
}

interface LimitedCatchUp {
  ms: number;
  budget: BudgetUse;
  pace: ReturnType<typeof endpointPace>;
}

/**
 * A catch-up the rate limits bound, to see how much of them the connection's limiter uses: a connection
 * of its own reads every kind from the start in small pages, nothing applied (the portal's work is the
 * first sync's figure). A read told to wait waits on the clock and reads again, as a pass would.
 */
async function readingCatchUp(site: BenchSite): Promise<LimitedCatchUp> {
  const { clock } = site;
  // A minute's quiet first: the stand-in's windows forget the traffic's requests, as this connection's do.
  clock.advanceTo(clock.now() + 61_000);
  const connection = site.connect(BUDGET_PAGE_SIZE);
  const from = clock.now();
  // As a pass does (connector-sync.ts): the kinds' cursors first, for a connection that reads ahead.
  connection.readAhead?.(new Map(connection.readKinds.map((kind) => [kind, null])));
  for (const kind of connection.readKinds) {
    let cursor: string | null = null;
    for (;;) {
      try {
        const page: { cursor: string; more: boolean } = await connection.read(kind, cursor);
        cursor = page.cursor;
        if (!page.more) break;
      } catch (error) {
        const retryAfterMs = (error as { retryAfterMs?: number }).retryAfterMs;
        if ((error as Error).name !== 'VendorUnavailable') throw error;
        await clock.sleep(retryAfterMs ?? 5_000);
      }
    }
  }
  const to = clock.now();
  return {
    ms: to - from,
    budget: budgetUse(site.requests, from, to, site.limits),
    pace: endpointPace(site.requests, from, to, site.limits.perEndpoint),
  };
}

function report(
  site: BenchSite,
  firstSync: { ms: number; waitedMs: number; wallMs: number; passes: number },
  budget: BudgetUse,
  traffic: TrafficResult,
  limited: LimitedCatchUp,
) {
  log('');
  log(`${site.system}, the first sync of one practice at scale ${scale} (vendor time):`);
  log(
    `  ${duration(firstSync.ms)} in ${firstSync.passes} pass(es): ${duration(firstSync.waitedMs)} waiting on the rate limits, ` +
      `${duration(firstSync.wallMs)} of work (HTTP, mapping, the portal's database)`,
  );
  log(
    `  ${count(budget.requests)} requests: ${[...budget.byEndpoint]
      .sort((a, b) => b[1] - a[1])
      .map(([endpoint, n]) => `${endpoint} ${n}`)
      .join(', ')}`,
  );
  // Projection: requests and work grow with the records (pages of a fixed size), so one whole practice is
  // the measurement over the scale.
  const practiceMs = firstSync.ms / scale;
  const practiceRequests = budget.requests / scale;
  const workMs = firstSync.wallMs / scale;
  log(`  projected to one whole practice (records, pages and work in proportion): ${duration(practiceMs)}`);
  log(
    `  projected to ${GROUP.practices} practices, one connector a site, each site its own ${
      site.system === 'ezyVet' ? 'ezyVet database (its own 180 a minute)' : 'Provet Cloud installation'
    }, all in parallel: ${duration(practiceMs)}; the portal's share, ${duration(workMs * GROUP.practices)} of one process's time, spread over the API's instances`,
  );
  if (site.system === 'ezyVet') {
    // One database for the whole group: 180 a minute shared by every connector (decision 0107).
    const minutes = (practiceRequests * GROUP.practices) / 180;
    log(
      `  projected to ${GROUP.practices} practices as sites of one ezyVet database (180 a minute shared): ` +
        `${count(practiceRequests * GROUP.practices)} requests, at least ${duration(minutes * 60_000)}`,
    );
  } else {
    // One installation for the group: every department's connector reads the installation's clients and
    // patients (decision 0108), and each endpoint's limit is the installation's.
    const installationWide = ['GET client/', 'GET patient/'];
    let slowestMs = 0;
    for (const [endpoint, n] of budget.byEndpoint) {
      const perConnector = installationWide.includes(endpoint) ? (n / scale) * GROUP.practices : n / scale;
      slowestMs = Math.max(slowestMs, ((perConnector * GROUP.practices) / site.limits.perEndpoint) * 60_000);
    }
    log(
      `  projected to ${GROUP.practices} departments of one Provet Cloud installation (each connector reads ` +
        `the installation's ${count(GROUP.clients)} clients and ${count(GROUP.pets)} pets; ${site.limits.perEndpoint} a minute an endpoint, shared): ` +
        `at least ${duration(slowestMs)}`,
    );
  }
  const limits =
    `${site.limits.perEndpoint} a minute an endpoint` +
    (site.limits.perDatabase ? `, ${site.limits.perDatabase} a database` : '');
  log(
    `  rate budget used by the first sync: ${percent(budget.share)} of ${count(budget.allowed)} allowed ` +
      `(${limits}, for the endpoints read in each vendor minute it spanned); 429s: ${budget.tooMany}`,
  );
  const { pace } = limited;
  log(
    `  catching up when the limits bind (every kind read again, pages of ${BUDGET_PAGE_SIZE}: ` +
      `${count(limited.budget.requests)} requests over ${duration(limited.ms)}):`,
  );
  log(
    `    endpoints held back by their ${site.limits.perEndpoint} a minute: ` +
      (pace.endpoints
        .map((p) => `${p.endpoint} ${p.requests} in ${duration(p.tookMs)} (fastest ${duration(p.fastestMs)})`)
        .join(', ') || 'none'),
  );
  // Where a database limit binds before the endpoints' (ezyVet: 180 a minute, three endpoints' worth), the
  // endpoints' pace cannot reach their own limits: the budget is each minute's allowance under both.
  const byMinute = site.limits.perDatabase !== null;
  const judged = byMinute ? limited.budget.share : pace.share;
  const target = `target at least ${percent(TARGETS.budgetShare)}: ${mark(judged >= TARGETS.budgetShare)}`;
  log(
    `    rate budget used = the limits' fastest time / the time taken: ${percent(pace.share)}` +
      (byMinute ? ' (endpoint limits alone)' : `; ${target}`),
  );
  log(
    `    of every minute's budget for the endpoints it read: ${percent(limited.budget.share)} of ${count(limited.budget.allowed)}` +
      (limited.budget.databaseShare === null
        ? ''
        : `; of the database's ${site.limits.perDatabase} a minute: ${percent(limited.budget.databaseShare)}`) +
      (byMinute ? `; ${target}` : ''),
  );
  log(
    `    429s: ${limited.budget.tooMany}, beyond the first of their window: ` +
      `${limited.budget.tooManyBeyondFirst} (target 0: ${mark(limited.budget.tooManyBeyondFirst === 0)})`,
  );
  log(
    `${site.system}, with traffic (a desk booking every ${TRAFFIC.deskEverySeconds} s and an online booking every ` +
      `${TRAFFIC.onlineEverySeconds} s on average, ${traffic.passes} passes):`,
  );
  log(
    latencyLine(
      '  desk booking in the system → gone from the slot search',
      traffic.deskMs,
      TARGETS.deskP99Ms,
    ),
  );
  if (traffic.deskUnseen > 0) log(`    ${traffic.deskUnseen} desk bookings never left the search`);
  log(latencyLine("  online booking → in the system's diary", traffic.onlineMs, TARGETS.onlineP99Ms));
  if (traffic.onlineTaken + traffic.onlineRefusedTaken + traffic.onlineUndelivered > 0)
    log(
      `    not measured: ${traffic.onlineTaken} found the time taken in the portal, ${traffic.onlineRefusedTaken} ` +
        `refused by the system as taken (a desk booking not read yet), ${traffic.onlineUndelivered} not in the diary`,
    );
  const violations = site.violations();
  if (violations.length > 0)
    log(`  the stand-in saw ${violations.length} requests outside the documented shapes: ${violations[0]}`);
}

function latencyLine(label: string, values: number[], targetP99Ms: number): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => duration(quantile(sorted, q));
  const p99 = quantile(sorted, 0.99);
  return (
    `${label}: ${sorted.length} measured; p50 ${at(0.5)}, p95 ${at(0.95)}, p99 ${at(0.99)}, max ${at(1)}; ` +
    `target p99 under ${duration(targetP99Ms)}: ${mark(p99 < targetP99Ms)}`
  );
}
