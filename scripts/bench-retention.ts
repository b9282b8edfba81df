/**
 * `npm run bench:retention`: the daily retention job (decision 0119) removing a year of expired records
 * while the API serves bench:api's load. The group's practices at BENCH_SCALE (default 0.002: one practice
 * of the 500-practice group, as bench:api's data set) get a year of records past their periods
 * (lib/bench/retention-data.ts); the API's production build serves autocannon's authorised `GET /v2/pets`
 * (20 keep-alive connections, BENCH_SECONDS each) once before the job and in rounds while it runs, the
 * longest lock wait is sampled from pg_locks throughout, and the job's rate is projected to the whole
 * group. Prints p99 before and during, the longest lock wait and the projection; asserts nothing. Targets
 * (docs/benchmarks.md): p99 during no more than 1.2× before, no lock wait of a second or more.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { connectDatabase } from '@vet/db/connection';
import { defaultRetentionPace, defaultRetentionPeriods } from '../apps/api/src/config/retention.ts';
import { applyRetention } from '../apps/api/src/platform/retention/apply-retention.ts';
import {
  describeSaturatingLoad,
  runSaturatingLoad,
  type SaturatingLoadResult,
} from './lib/bench/autocannon-load.ts';
import { linkOneClient } from './lib/bench/bench-clients.ts';
import { groupShape } from './lib/bench/group-data-set.ts';
import { prepareGroupDatabase } from './lib/bench/group-database.ts';
import { sampleLockWaits } from './lib/bench/lock-waits.ts';
import { writeExpiredRecords } from './lib/bench/retention-data.ts';
import { benchApiEnv } from './lib/bench/bench-api-processes.ts';
import { startTokenIssuer } from './lib/shared/token-issuer.ts';
import { repoRoot } from './lib/shared/paths.ts';
import { spawnManaged, waitForHttp } from './lib/shared/processes.ts';

const scale = Number(process.env.BENCH_SCALE ?? '0.002');
const seconds = Number(process.env.BENCH_SECONDS ?? '10');
const batchSize = Number(process.env.RETENTION_BATCH_SIZE ?? defaultRetentionPace.batchSize);
const pauseMs = Number(process.env.RETENTION_PAUSE_MS ?? defaultRetentionPace.pauseMs);
const connections = 20;
const ports = { api: 4071, issuer: 4171, embeddedPostgres: 54371 };
const apiUrl = `http://127.0.0.1:${ports.api}`;
const log = (line: string) => console.log(line);
const logFile = join(repoRoot, '.data/bench-retention.log');
mkdirSync(dirname(logFile), { recursive: true });
rmSync(logFile, { force: true });

log('Bundling the servers (scripts/production/bundle-servers.ts)…');
const bundled = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/production/bundle-servers.ts'], {
  cwd: repoRoot,
  stdio: 'inherit',
});
if (bundled.status !== 0) throw new Error('bundling the servers failed');

const database = await prepareGroupDatabase(scale, ports.embeddedPostgres, log, {
  database: 'bench_retention',
});
const stops: (() => Promise<void>)[] = [database.stop];
try {
  const practices = groupShape(scale).practices;
  const handle = connectDatabase(database.url, { max: 2 });
  stops.push(handle.close);
  let started = performance.now();
  const written = await writeExpiredRecords(handle.pool, practices);
  log(
    `Wrote ${written.toLocaleString('en-GB')} expired rows (a year of ${practices} practices) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const issuer = await startTokenIssuer(ports.issuer, `http://localhost:${ports.api}`);
  stops.push(issuer.close);
  const authorization = await linkOneClient(database.url, issuer.issuer, (subject) => issuer.bearer(subject));
  const api = spawnManaged({
    name: 'API (production build)',
    command: process.execPath,
    args: ['dist/api/server.mjs'],
    cwd: repoRoot,
    env: {
      ...benchApiEnv({ databaseUrl: database.url, port: ports.api, issuer, logLevel: 'info' }),
      // The bench runs the job itself, timed; the API's own daily run stays out of the way.
      RETENTION: 'off',
    },
    output: { file: logFile },
  });
  stops.push(api.stop);
  await waitForHttp(`${apiUrl}/readyz`, api);
  const load = (label: string) =>
    runSaturatingLoad({
      label,
      url: `${apiUrl}/v2/pets`,
      connections,
      seconds,
      headers: { authorization },
      serverPid: api.child.pid,
    });

  await load('warm-up');
  // The machine's other work moves one run's p99 more than the job may: the baseline is the mean of two
  // runs before the job and one after it, and each run is printed.
  const baseline: SaturatingLoadResult[] = [];
  for (const label of ['before (1)', 'before (2)']) {
    baseline.push(await load(`GET /v2/pets, ${label}`));
    log(describeSaturatingLoad(baseline.at(-1)!));
  }

  const locks = sampleLockWaits(database.url);
  started = performance.now();
  let finished = false;
  const job = applyRetention(handle.db, { periods: defaultRetentionPeriods, batchSize, pauseMs }).finally(
    () => {
      finished = true;
    },
  );
  const during: SaturatingLoadResult[] = [];
  // Rounds of load until the job ends (at least one), each printed as it comes.
  do {
    const round = await load(`GET /v2/pets, during (${during.length + 1})`);
    during.push(round);
    log(describeSaturatingLoad(round));
  } while (!finished);
  const outcomes = await job;
  const jobSeconds = (performance.now() - started) / 1000;
  const { longestMs, samples } = await locks.stop();
  baseline.push(await load('GET /v2/pets, after'));
  log(describeSaturatingLoad(baseline.at(-1)!));

  const removed = outcomes.reduce((sum, outcome) => sum + outcome.rows, 0);
  for (const outcome of outcomes.filter((o) => o.rows > 0 || o.interrupted))
    log(
      `  ${outcome.kind.padEnd(24)} ${String(outcome.rows).padStart(9)} ${outcome.action} in ${outcome.batches} batches${outcome.interrupted ? ' (stopped at a lock)' : ''}`,
    );
  const p99s = during.map((round) => round.p99Ms).sort((a, b) => a - b);
  const medianP99 = p99s[Math.floor((p99s.length - 1) / 2)]!;
  const baselineP99 = baseline.reduce((sum, run) => sum + run.p99Ms, 0) / baseline.length;
  const rate = removed / jobSeconds;
  log(
    `Retention: ${removed.toLocaleString('en-GB')} rows in ${jobSeconds.toFixed(1)} s (${Math.round(rate).toLocaleString('en-GB')} rows/s, ` +
      `not counting the events' deliveries that go with them; batches of ${batchSize}, ${pauseMs} ms apart)`,
  );
  // The median of the rounds is the figure: the worst of many rounds beats the mean of three by noise alone.
  log(
    `API p99 without the job ${baselineP99.toFixed(1)} ms (mean of ${baseline.length} runs: ${baseline.map((run) => run.p99Ms.toFixed(0)).join(', ')}), ` +
      `during ${medianP99.toFixed(1)} ms (median of ${during.length} rounds; ${p99s[0]!.toFixed(0)}–${p99s.at(-1)!.toFixed(0)}): ` +
      `${(medianP99 / baselineP99).toFixed(2)}× (target ≤ 1.20×)`,
  );
  log(
    `Longest lock wait seen: ${longestMs.toFixed(0)} ms in ${samples} samples of pg_locks (target < 1000 ms)`,
  );
  const groupRows = (removed / practices) * 500;
  log(
    `Projected to the 500-practice group: ${Math.round(groupRows).toLocaleString('en-GB')} rows a year, about ` +
      `${(groupRows / rate / 3600).toFixed(1)} h at this rate if removed at once; the daily run removes a 365th of it, ` +
      `about ${(groupRows / 365 / rate / 60).toFixed(1)} min (projected from ${practices} practice${practices === 1 ? '' : 's'}, not measured)`,
  );
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {});
}
