/**
 * `npm run bench:events` (and part of `npm run bench`): the issue 32 target. Seeds the group data set
 * (BENCH_SCALE, default 0.1: 50 practices, 100,000 clients), starts the reference practice system on
 * loopback as a webhook endpoint and the real API (whose dispatcher delivers), then books online at 100 a
 * second for 20 seconds (BENCH_RATE, BENCH_SECONDS) through `POST /appointments`. Prints the bookings'
 * latency, the delay from each booking's event to its receipt (p50, p99, max), the backlog when the load
 * ends and how long it took to drain. Asserts nothing (decision 0023).
 *
 * The delay is counted from the event's `occurred_at`, the booking transaction's start: an upper bound of
 * commit → receipt (the transaction's own few milliseconds are in it).
 */
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { newEndpointSecret } from '@vet/practice-events/webhook-delivery';
import { startReferencePracticeSystem } from '@vet/practice-events/testing/reference-practice-system';
import pg from 'pg';
import { prepareBookings } from './lib/bench-bookings.ts';
import { linkClients, searchReasonIds } from './lib/bench-clients.ts';
import { startBenchIssuer } from './lib/bench-issuer.ts';
import { prepareGroupDatabase } from './lib/group-database.ts';
import { describe, quantile, runOpenLoop } from './lib/open-loop.ts';
import { repoRoot } from './lib/paths.ts';
import { spawnManaged, waitForHttp } from './lib/processes.ts';

const scale = Number(process.env.BENCH_SCALE ?? '0.1');
const rate = Number(process.env.BENCH_RATE ?? '100');
const seconds = Number(process.env.BENCH_SECONDS ?? '20');
/** The issue's target: p99 of commit → receipt under a second, and no backlog left. */
const TARGET_P99_MS = 1000;
/** How long the bench waits for the backlog to drain after the load before it reports what is left. */
const DRAIN_DEADLINE_MS = 60_000;
const ports = { api: 4070, issuer: 4170, embeddedPostgres: 54370 };
const apiUrl = `http://127.0.0.1:${ports.api}`;
const log = (line: string) => console.log(line);

const database = await prepareGroupDatabase(scale, ports.embeddedPostgres, log, {
  database: 'bench_events',
  reuse: process.env.BENCH_REUSE === '1',
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

  const issuer = await startBenchIssuer(ports.issuer, `http://localhost:${ports.api}`);
  stops.push(issuer.close);
  const api = spawnManaged({
    name: 'API',
    command: process.execPath,
    args: ['--import', 'tsx', join(repoRoot, 'apps/api/src/server.ts')],
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: database.url,
      API_PORT: String(ports.api),
      API_PUBLIC_URL: apiUrl,
      AUTH_ISSUERS: issuer.authIssuers,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000',
    },
    output: 'collect',
  });
  stops.push(api.stop);
  await waitForHttp(`${apiUrl}/readyz`, api);

  const reasons = await searchReasonIds(pool);
  const total = Math.round(rate * seconds);
  const [bookers] = await linkClients(pool, issuer, [total]);
  log(`Preparing ${bookers!.length} bookings (a slot search each, untimed)…`);
  const bookings = await prepareBookings(apiUrl, bookers!, reasons.vet);
  const firstEvent = await lastEventId(pool);

  const booking = await runOpenLoop({
    label: 'online booking POST /appointments',
    baseUrl: apiUrl,
    rate,
    seconds,
    next: (index) => bookings[index % bookings.length]!,
  });
  log(describe(booking));
  const backlogAtEnd = await backlog(pool);
  const endedAt = performance.now();
  // Bookings answered late (or cut off by the client's timeout) may still commit: wait for the database's
  // backlog, not for a list taken now.
  const deadline = endedAt + DRAIN_DEADLINE_MS;
  while ((await backlog(pool)) > 0 && performance.now() < deadline) await delay(100);
  const drainedMs = performance.now() - endedAt;
  log(await delays(pool, receiver.received, firstEvent));
  const left = await backlog(pool);
  log(
    `backlog when the load ended: ${backlogAtEnd} deliveries; drained ${left === 0 ? 'in' : 'not within'} ${(drainedMs / 1000).toFixed(1)} s; ` +
      `left then: ${left}`,
  );
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
