/**
 * `npm run bench:appointments` (and the second half of `npm run bench`): seeds a group-scale data set
 * (BENCH_SCALE, 1 = 500 practices, 20 clinicians each, 1 million clients, 10 million appointments) in
 * set-based SQL, starts the real API on it and prints, at a fixed request rate (open loop): slot-search
 * and booking latency, then 200 concurrent bookings of one slot, beside bare node:http on this machine,
 * and the query plans of both paths. Prints numbers; asserts nothing (decision 0023). BENCH_CPU_PROF=<dir>
 * has the API write a CPU profile of the run there.
 */
import { join } from 'node:path';
import pg from 'pg';
import { benchApiEnv } from './lib/bench/bench-api-processes.ts';
import { prepareBookings } from './lib/bench/bench-bookings.ts';
import { linkClients, searchReasonIds, slotSearchPath, type BenchClient } from './lib/bench/bench-clients.ts';
import { startTokenIssuer, type TokenIssuer } from './lib/shared/token-issuer.ts';
import { prepareGroupDatabase } from './lib/bench/group-database.ts';
import { describe, runOpenLoop } from './lib/bench/open-loop.ts';
import { repoRoot } from './lib/shared/paths.ts';
import { spawnManaged, waitForHttp } from './lib/shared/processes.ts';
import { writeQueryPlans } from './lib/bench/query-plans.ts';
import { runSlotRace } from './lib/bench/slot-race.ts';

const scale = Number(process.env.BENCH_SCALE ?? '1');
const rate = Number(process.env.BENCH_RATE ?? '50');
const seconds = Number(process.env.BENCH_SECONDS ?? '20');
const ports = { api: 4050, issuer: 4150, bare: 4060, embeddedPostgres: 54370 };
const apiUrl = `http://127.0.0.1:${ports.api}`;

const log = (line: string) => console.log(line);

const database = await prepareGroupDatabase(scale, ports.embeddedPostgres, log, {
  reuse: process.env.BENCH_REUSE === '1',
});
const stops: (() => Promise<void>)[] = [database.stop];
try {
  const issuer = await startTokenIssuer(ports.issuer, `http://localhost:${ports.api}`);
  stops.push(issuer.close);
  await measureFloor();
  const api = spawnManaged({
    name: 'API',
    command: process.execPath,
    // BENCH_CPU_PROF=<dir>: the API writes a CPU profile of the whole run there when it stops.
    args: [
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      '--import',
      'tsx',
      join(repoRoot, 'apps/api/src/server.ts'),
    ],
    cwd: repoRoot,
    env: benchApiEnv({ databaseUrl: database.url, port: ports.api, issuer, logLevel: 'warn' }),
    output: 'collect',
  });
  stops.push(api.stop);
  await waitForHttp(`${apiUrl}/readyz`, api);
  await measureAppointments(issuer);
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {});
}

/** Bare node:http in its own process, at the same rate by the same generator: what HTTP alone costs. */
async function measureFloor() {
  const bare = spawnManaged({
    name: 'bare node:http',
    command: process.execPath,
    args: ['--import', 'tsx', join(repoRoot, 'scripts/lib/bench/bare-http-server.ts'), String(ports.bare)],
    cwd: repoRoot,
    env: process.env,
    output: 'collect',
  });
  try {
    const baseUrl = `http://127.0.0.1:${ports.bare}`;
    await waitForHttp(`${baseUrl}/`, bare);
    const result = await runOpenLoop({
      label: 'bare node:http GET /',
      baseUrl,
      rate,
      seconds,
      next: () => ({ method: 'GET', path: '/' }),
    });
    log(describe(result));
  } finally {
    await bare.stop();
  }
}

/** The appointment figures, on bench clients linked for this run. */
async function measureAppointments(issuer: TokenIssuer) {
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    const reasons = await searchReasonIds(pool);
    const total = Math.round(rate * seconds);
    const [searchers, bookers] = await linkClients(pool, issuer, [total, total]);
    const searchPath = (client: BenchClient, index: number) =>
      slotSearchPath(client, index % 2 === 0 ? reasons.vet : reasons.nurse);

    // Untimed: each booker finds a free start of its own (this also warms the API up).
    log(`Preparing ${bookers!.length} bookings (a slot search each, untimed)…`);
    const bookings = await prepareBookings(apiUrl, bookers!, reasons.vet);

    const search = await runOpenLoop({
      label: 'slot search GET /v2/practices/{id}/appointment-slots',
      baseUrl: apiUrl,
      rate,
      seconds,
      next: (index) => {
        const client = searchers![index % searchers!.length]!;
        return {
          method: 'GET',
          path: searchPath(client, index),
          headers: { authorization: client.authorization },
        };
      },
    });
    log(describe(search));
    // The client lists at group scale (decision 0023's target) (each client's own pets and appointments).
    for (const [label, path] of [
      ['pets list GET /v2/pets', '/v2/pets'],
      ['appointments list GET /appointments', '/appointments'],
    ] as const) {
      const list = await runOpenLoop({
        label,
        baseUrl: apiUrl,
        rate,
        seconds,
        next: (index) => ({
          method: 'GET',
          path,
          headers: { authorization: searchers![index % searchers!.length]!.authorization },
        }),
      });
      log(describe(list));
    }
    const booking = await runOpenLoop({
      label: 'booking POST /appointments',
      baseUrl: apiUrl,
      rate,
      seconds,
      next: (index) => bookings[index % bookings.length]!,
    });
    log(describe(booking));

    log(await runSlotRace({ pool, apiUrl, issuer, reasonId: reasons.vet, log }));

    const planner = (await linkClients(pool, issuer, [1]))[0]![0]!;
    const plans = await writeQueryPlans(database.url, {
      issuer: issuer.issuer,
      subject: `bench-${planner.clientId}`,
      clientId: planner.clientId,
      practiceId: planner.practiceId,
      petId: planner.petId,
      appointmentReasonId: reasons.vet,
    });
    log(`query plans (EXPLAIN ANALYZE, BUFFERS) on the group data set: ${plans.path}`);
    for (const line of plans.summary) log(`  ${line}`);
  } finally {
    await pool.end();
  }
}
