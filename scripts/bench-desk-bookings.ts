/**
 * `npm run bench:desk-bookings`: the desk-bookings target of docs/benchmarks.md. Seeds the group data set
 * (BENCH_SCALE, 1 = 500 practices, 10,000 clinicians, 1 million clients, 10 million appointments;
 * group-data-set.ts), gives its records practice-system references, starts the real API on it as production
 * runs it, and drives two open loops at once: desk bookings through the integration API
 * (`PUT /integration/v1/appointments/{ref}`, a machine token, 200 a second, each a new reference, a tenth
 * over an online appointment) and slot searches by signed-in clients (50 a second). Prints each load's
 * answers, p50/p95/p99 and achieved rate against the target (p99 < 50 ms), and what the database holds
 * afterwards; asserts nothing (decision 0023). BENCH_API_PROCESSES (default 1) runs that many API processes,
 * as production runs several (decision 0070), each load spread over them round-robin; BENCH_PROFILE=1 has
 * each write a CPU profile of the run to .data/profiles/.
 */
import { availableParallelism } from 'node:os';
import { practiceDate } from '@vet/contracts/practice-clock';
import pg from 'pg';
import { linkClients, searchReasonIds, slotSearchPath } from './lib/bench/bench-clients.ts';
import {
  deskBookingRef,
  deskBookingsStored,
  giveRecordsReferences,
  planDeskBookings,
} from './lib/bench/desk-bookings.ts';
import { backendsCpuSince, databaseBackendsCpu } from './lib/bench/database-cpu.ts';
import { prepareGroupDatabase } from './lib/bench/group-database.ts';
import { describe, quantile, type PlannedRequest, type RunResult } from './lib/bench/open-loop.ts';
import { describeCpuSince, loadAverage } from './lib/bench/process-cpu.ts';
import { apisCpuSnapshot, runSpreadOpenLoop, startIssuerAndApis } from './lib/bench/bench-api-processes.ts';
import { groupBenchSettings } from './lib/bench/bench-settings.ts';

const { scale, seconds, apiProcesses, reuse } = groupBenchSettings({ scale: 1, seconds: 20 });
/** The target's rates; BENCH_DESK_RATE and BENCH_SEARCH_RATE change them (to find where the knee is). */
const rates = {
  desk: Number(process.env.BENCH_DESK_RATE ?? '200'),
  search: Number(process.env.BENCH_SEARCH_RATE ?? '50'),
};
/** The target for both loads (docs/benchmarks.md). */
const TARGET_P99_MS = 50;
/** The share of desk bookings made over an online appointment (stored, the online one flagged). */
const OVER_ONLINE_SHARE = 0.1;
/** Untimed, before the run: JIT, connection pools, prepared statements, the machine token's verification. */
const WARM_UP_SECONDS = 2;
const MACHINE_CLIENT_ID = 'bench-practice-system';
const ports = { api: 4090, issuer: 4160, embeddedPostgres: 54370 };
const log = (line: string) => console.log(line);

log(
  `This machine: ${availableParallelism()} cores, shared by the load generator (this process), ` +
    `${apiProcesses} API process(es) and PostgreSQL, and by whatever else runs here; load average ${loadAverage()} (1, 5, 15 min).`,
);
const DATABASE = 'bench_desk_bookings';
const database = await prepareGroupDatabase(scale, ports.embeddedPostgres, log, {
  database: DATABASE,
  reuse,
});
const stops: (() => Promise<void>)[] = [database.stop];
try {
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  stops.push(() => pool.end());
  log('Giving the records practice-system references (those without one)…');
  await giveRecordsReferences(pool, log);

  const { issuer, apis } = await startIssuerAndApis({
    count: apiProcesses,
    ports,
    databaseUrl: database.url,
    env: {
      INTEGRATION_CLIENT_IDS: MACHINE_CLIENT_ID,
      LOG_LEVEL: 'info',
      // The portal's limit is per address, and every searcher here shares 127.0.0.1.
      RATE_LIMIT_MAX: '1000000',
    },
    stops,
  });

  const count = (rate: number) => Math.round(rate * seconds);
  const warmUp = (rate: number) => Math.round(rate * WARM_UP_SECONDS);
  log('Planning desk bookings and linking searching clients…');
  const bookings = await planDeskBookings(pool, {
    count: warmUp(rates.desk) + count(rates.desk),
    overlapShare: OVER_ONLINE_SHARE,
    prefix: `bench-desk-${Date.now().toString(36)}`,
    authorization: await issuer.machineBearer(MACHINE_CLIENT_ID),
  });
  const [searchers] = await linkClients(pool, issuer, [count(rates.search)]);
  const reasons = await searchReasonIds(pool);
  const searches = searchers!.map((client, index): PlannedRequest => ({
    method: 'GET',
    path: slotSearchPath(client, index % 2 === 0 ? reasons.vet : reasons.nurse),
    headers: { authorization: client.authorization },
  }));
  const warmUpBookings = bookings.slice(0, warmUp(rates.desk));
  const measured = bookings.slice(warmUp(rates.desk));
  const overOnline = measured.filter((booking) => booking.overOnline).length;
  const clinicians = new Set(measured.map((booking) => booking.clinicianId)).size;
  const days = new Set(measured.map((booking) => practiceDate(booking.startsAt))).size;
  log(
    `${measured.length} desk bookings planned, ${overOnline} of them over an online appointment, ` +
      `spread over ${clinicians} clinicians and ${days} days; ${searches.length} slot searches by as many clients.`,
  );

  /** One load: its requests in turn, over and over, at `rate` a second. */
  const load = (label: string, requests: PlannedRequest[], rate: number, spanSeconds: number) =>
    runSpreadOpenLoop({
      label,
      apis,
      rate,
      seconds: spanSeconds,
      next: (index) => requests[index % requests.length]!,
    });
  const loads = (desk: PlannedRequest[], search: PlannedRequest[], spanSeconds: number, share = 1) =>
    Promise.all([
      load(
        'desk booking PUT /integration/v1/appointments/{appointment_ref}',
        desk,
        rates.desk * share,
        spanSeconds,
      ),
      load('slot search GET /v2/practices/{id}/appointment-slots', search, rates.search * share, spanSeconds),
    ]);
  log(`Warming up: ${WARM_UP_SECONDS * 2} s of both loads at half rate (not counted)…`);
  await loads(
    warmUpBookings.map((booking) => booking.request),
    searches,
    WARM_UP_SECONDS * 2,
    0.5,
  );

  const since = new Date();
  log(`Running: both loads at once for ${seconds} s; load average ${loadAverage()}.`);
  const cpuBefore = apisCpuSnapshot(apis);
  const databaseBefore = await databaseBackendsCpu(pool, DATABASE);
  const [desk, search] = await loads(
    measured.map((booking) => booking.request),
    searches,
    seconds,
  );
  const cpu = describeCpuSince(cpuBefore, apisCpuSnapshot(apis), desk.sent + search.sent);
  const databaseCpu = backendsCpuSince(databaseBefore, await databaseBackendsCpu(pool, DATABASE));
  const loadAfter = loadAverage();
  log(report(desk));
  log(report(search));
  log(`${cpu}; PostgreSQL's backends of ${DATABASE} ${databaseCpu.toFixed(1)} s`);
  const stored = await deskBookingsStored(pool, measured.map(deskBookingRef), since);
  log(
    `Stored: ${stored.stored} of the run's ${measured.length} desk bookings are booked; ` +
      `${stored.flagged} online appointments flagged since the run began (${overOnline} planned over one).`,
  );
  log(
    `Load average just after the run: ${loadAfter}. ${availableParallelism()} cores shared by the load ` +
      `generator, ${apiProcesses} API process(es) and PostgreSQL; the API logs each request at info, as in production.`,
  );
  if (
    desk.failed + search.failed > 0 ||
    [...desk.statuses.keys(), ...search.statuses.keys()].some((s) => s >= 500)
  ) {
    log(`The first API's last output:\n${apis[0]!.process.output().slice(-3000)}`);
  }
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {});
}

/**
 * The open loop's line (its percentiles are of the answered requests), then the achieved rate and the
 * target, judged on every request sent: one never answered (10 s) counts as slower than any answered.
 */
function report(result: RunResult): string {
  const answered = result.sent - result.failed;
  const achieved = answered / (result.elapsedMs / 1000);
  const all = [...result.latenciesMs, ...Array<number>(result.failed).fill(Infinity)].sort((a, b) => a - b);
  const p99 = quantile(all, 0.99);
  const verdict = p99 < TARGET_P99_MS ? 'met' : 'missed';
  const p99Text = Number.isFinite(p99) ? `${p99.toFixed(1)} ms` : 'unanswered';
  return (
    `${describe(result)}\n  achieved ${achieved.toFixed(1)} answers/s of ${result.rate} planned ` +
    `(${answered} answered in ${(result.elapsedMs / 1000).toFixed(1)} s); p99 of all sent ${p99Text}; ` +
    `target p99 < ${TARGET_P99_MS} ms: ${verdict}`
  );
}
