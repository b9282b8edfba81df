/**
 * `npm run bench:events` (and part of `npm run bench`): the events target of docs/benchmarks.md. Seeds the
 * group data set (BENCH_SCALE, default 0.1: 50 practices, 100,000 clients), starts the reference practice
 * system on loopback as a webhook endpoint and the real API (whose dispatcher delivers), then books online at
 * 100 a second for 20 seconds (BENCH_RATE, BENCH_SECONDS) through `POST /appointments`. Prints the bookings'
 * latency, the CPU they cost the API and PostgreSQL, the delay from each booking's event to its receipt (p50,
 * p99, max), the backlog when the load ends and how long it took to drain. Asserts nothing (decision 0023).
 * BENCH_API_PROCESSES (default 1) runs that many API processes, as production runs several (decision 0070),
 * the bookings spread over them round-robin; BENCH_PROFILE=1 has each write a CPU profile of its run to
 * .data/profiles/.
 *
 * The delay is counted from the event's `occurred_at`, the booking transaction's start: an upper bound of
 * commit → receipt (the transaction's own few milliseconds are in it).
 */
import { availableParallelism } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { newEndpointSecret } from '@vet/practice-events/webhook-delivery';
import { startReferencePracticeSystem } from '@vet/practice-events/testing/reference-practice-system';
import pg from 'pg';
import {
  apisCpuSnapshot,
  apisUserAndSystemSeconds,
  runSpreadOpenLoop,
  startIssuerAndApis,
} from './lib/bench/bench-api-processes.ts';
import { prepareBookings } from './lib/bench/bench-bookings.ts';
import { linkClients, searchReasonIds } from './lib/bench/bench-clients.ts';
import { backendsCpuSince, databaseBackendsCpu } from './lib/bench/database-cpu.ts';
import { prepareGroupDatabase } from './lib/bench/group-database.ts';
import { describe, quantile } from './lib/bench/open-loop.ts';
import { describeCpuSince, loadAverage } from './lib/bench/process-cpu.ts';
import { groupBenchSettings } from './lib/bench/bench-settings.ts';

const { scale, seconds, apiProcesses, reuse } = groupBenchSettings({ scale: 0.1, seconds: 20 });
const rate = Number(process.env.BENCH_RATE ?? '100');
/** The target (docs/benchmarks.md): p99 of commit → receipt under a second, and no backlog left. */
const TARGET_P99_MS = 1000;
/** A booking answered later than this is counted as late (a client waiting on a booking gives up by then). */
const ANSWER_WITHIN_MS = 10_000;
/**
 * The bench waits this long for each booking's answer: every booking answered means every booking the
 * API will ever commit has committed, so the drain below knows what it waits for.
 */
const ANSWER_TIMEOUT_MS = 300_000;
/** How long the bench waits for the run's events to be received after the last answer. */
const DRAIN_DEADLINE_MS = 60_000;
const DATABASE = 'bench_events';
const ports = { api: 4070, issuer: 4170, embeddedPostgres: 54370 };
const log = (line: string) => console.log(line);

log(
  `This machine: ${availableParallelism()} cores, shared by the load generator and receiver (this process), ` +
    `${apiProcesses} API process(es) and PostgreSQL, and by whatever else runs here; load average ${loadAverage()}.`,
);
const database = await prepareGroupDatabase(scale, ports.embeddedPostgres, log, {
  database: DATABASE,
  reuse,
});
const stops: (() => Promise<void>)[] = [database.stop];
try {
  const secret = newEndpointSecret();
  const receiver = await startReferencePracticeSystem({ secret });
  stops.push(() => receiver.close());
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  stops.push(() => pool.end());
  // Only this run's endpoint: earlier runs' deliveries would otherwise be retried at a closed port.
  await pool.query(`delete from webhook_endpoints`);
  await pool.query(`insert into webhook_endpoints (name, url, secret) values ('bench', $1, $2)`, [
    receiver.url,
    secret,
  ]);

  const { issuer, apis } = await startIssuerAndApis({
    count: apiProcesses,
    ports,
    databaseUrl: database.url,
    // The receiver is on loopback, which the dispatcher dials only when allowed (decision 0137).
    env: { LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000', WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' },
    stops,
  });

  const reasons = await searchReasonIds(pool);
  const total = Math.round(rate * seconds);
  const [bookers] = await linkClients(pool, issuer, [total]);
  log(`Preparing ${bookers!.length} bookings (a slot search each, untimed)…`);
  const bookings = await prepareBookings(apis[0]!.url, bookers!, reasons.vet);
  const firstEvent = await lastEventId(pool);

  const cpuBefore = {
    api: apisCpuSnapshot(apis),
    apiSplit: apisUserAndSystemSeconds(apis),
    database: await databaseBackendsCpu(pool, DATABASE),
  };
  const booking = await runSpreadOpenLoop({
    label: 'online booking POST /appointments',
    apis,
    rate,
    seconds,
    next: (index) => bookings[index % bookings.length]!,
    timeoutMs: ANSWER_TIMEOUT_MS,
  });
  const databaseCpu = backendsCpuSince(cpuBefore.database, await databaseBackendsCpu(pool, DATABASE));
  const apiSplit = apisUserAndSystemSeconds(apis);
  log(describe(booking));
  const late = booking.latenciesMs.filter((ms) => ms > ANSWER_WITHIN_MS).length + booking.failed;
  log(
    `  answered within ${ANSWER_WITHIN_MS / 1000} s: ${booking.sent - late} of ${booking.sent}; ` +
      `achieved ${((booking.sent - booking.failed) / (booking.elapsedMs / 1000)).toFixed(1)} answers/s of ${rate} planned`,
  );
  log(
    `${describeCpuSince(cpuBefore.api, apisCpuSnapshot(apis), booking.sent)}; ` +
      `PostgreSQL's backends of ${DATABASE} ${databaseCpu.toFixed(1)} s (${((databaseCpu * 1000) / booking.sent).toFixed(1)} ms a booking); ` +
      `the API's time: user ${(apiSplit.user - cpuBefore.apiSplit.user).toFixed(1)} s, ` +
      `system ${(apiSplit.system - cpuBefore.apiSplit.system).toFixed(1)} s`,
  );
  const backlogAtEnd = await backlog(pool);
  // Every booking has been answered (or given up on after ANSWER_TIMEOUT_MS): what the API committed is
  // in the database now, and each of it must reach the receiver. Wait for every event of the run.
  const endedAt = performance.now();
  const deadline = endedAt + DRAIN_DEADLINE_MS;
  let waiting = await notReceived(pool, receiver.received, firstEvent);
  while ((waiting.missing > 0 || (await backlog(pool)) > 0) && performance.now() < deadline) {
    await delay(100);
    waiting = await notReceived(pool, receiver.received, firstEvent);
  }
  const drainedMs = performance.now() - endedAt;
  const committed = await bookedSince(pool, firstEvent);
  log(
    `committed: ${committed} bookings in the database (${booking.statuses.get(201) ?? 0} answered 201); ` +
      `${booking.failed} bookings unanswered after ${ANSWER_TIMEOUT_MS / 1000} s`,
  );
  log(await delays(pool, receiver.received, firstEvent));
  const left = await backlog(pool);
  log(
    `backlog when the load ended: ${backlogAtEnd} deliveries; every committed event received ` +
      `${waiting.missing === 0 && left === 0 ? 'within' : 'NOT within'} ${(drainedMs / 1000).toFixed(1)} s of the last answer; ` +
      `left then: ${waiting.missing} events not received, ${left} deliveries waiting`,
  );
  log(`Load average just after the run: ${loadAverage()}.`);
  if (booking.failed > 0 || [...booking.statuses.keys()].some((status) => status >= 500)) {
    log(`The first API's last output:\n${apis[0]!.process.output().slice(-3000)}`);
  }
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {});
}

async function lastEventId(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ id: string | null }>(`select max(id) as id from practice_events`);
  return Number(result.rows[0]?.id ?? 0);
}

/** Deliveries not yet delivered, and events not yet numbered (each will become one). */
async function backlog(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ waiting: string }>(`
    select (select count(*) from webhook_deliveries where status <> 'delivered')
         + (select count(*) from practice_events where position is null) as waiting`);
  return Number(result.rows[0]!.waiting);
}

/** The run's committed events (after `afterId`) the receiver has not had yet. */
async function notReceived(
  pool: pg.Pool,
  received: readonly { webhookId: string }[],
  afterId: number,
): Promise<{ missing: number }> {
  const result = await pool.query<{ id: string }>(`select id from practice_events where id > $1`, [afterId]);
  const got = new Set(received.map((event) => event.webhookId));
  return { missing: result.rows.filter((row) => !got.has(`evt_${row.id}`)).length };
}

/** Online bookings committed since `afterId` (their appointment.booked events): what the API committed. */
async function bookedSince(pool: pg.Pool, afterId: number): Promise<number> {
  const result = await pool.query<{ booked: string }>(
    `select count(*) as booked from practice_events where id > $1 and type = 'appointment.booked'`,
    [afterId],
  );
  return Number(result.rows[0]!.booked);
}

/** Receipt minus the event's transaction start, for the run's events the receiver accepted. */
async function delays(
  pool: pg.Pool,
  received: { webhookId: string; receivedAt: Date }[],
  afterId: number,
): Promise<string> {
  const result = await pool.query<{ id: string; occurred_at: Date }>(
    `select id, occurred_at from practice_events where id > $1`,
    [afterId],
  );
  const occurred = new Map(result.rows.map((row) => [`evt_${row.id}`, row.occurred_at.getTime()]));
  const firstReceipt = new Map<string, number>();
  for (const event of received) {
    if (occurred.has(event.webhookId) && !firstReceipt.has(event.webhookId))
      firstReceipt.set(event.webhookId, event.receivedAt.getTime());
  }
  const sorted = [...firstReceipt].map(([id, at]) => at - occurred.get(id)!).sort((a, b) => a - b);
  const ms = (q: number) => quantile(sorted, q).toFixed(0);
  const p99 = quantile(sorted, 0.99);
  return (
    `event delivery, change → receipt: ${sorted.length} of ${occurred.size} events received; p50 ${ms(0.5)} ms, ` +
    `p99 ${ms(0.99)} ms, max ${ms(1)} ms (target p99 < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'met' : 'missed'})`
  );
}
