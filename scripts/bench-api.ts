/**
 * `npm run bench:api` (and part of `npm run bench`): the API's hot path beside bare node:http (the targets of
 * docs/benchmarks.md; decisions 0026, 0074, 0090). Runs the production build of the API (dist/api/server.mjs,
 * bundled first by scripts/production/bundle-servers.ts) with production logging (JSON lines at `info`) and,
 * when the machine's Redis answers, production's shared rate limits (a ceiling this load does not reach), on
 * a one-practice group data set (2,000 clients with pets). autocannon drives 20 keep-alive connections at
 * bare node:http, `GET /healthz` and an authorised `GET /v2/pets`: a load generator that saturates the bare
 * server, so the ratios measure the API. In rounds (BENCH_ROUNDS, 3), each API load between two bare runs;
 * prints throughput, p50/p99 and the ratio to bare of each, then the median ratios; asserts nothing.
 *
 * NODE_ENV=development is the one setting that is not production's: production trusts only https token
 * issuers, and the bench's issuer is plain http on loopback. It changes no code path of these requests.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describeSaturatingLoad, runSaturatingLoad } from './lib/bench/autocannon-load.ts';
import { benchProfileDir } from './lib/bench/bench-api-processes.ts';
import { linkOneClient } from './lib/bench/bench-clients.ts';
import { startTokenIssuer } from './lib/shared/token-issuer.ts';
import { prepareGroupDatabase } from './lib/bench/group-database.ts';
import { repoRoot } from './lib/shared/paths.ts';
import { spawnManaged, waitForHttp, type ManagedProcess } from './lib/shared/processes.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? '10');
/** BENCH_ROUNDS: how many rounds of the two API loads, each between bare runs (default 3). */
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? '3'));
const connections = 20;
const ports = { api: 4070, issuer: 4170, bare: 4080, embeddedPostgres: 54370 };
const apiUrl = `http://127.0.0.1:${ports.api}`;
const bareUrl = `http://127.0.0.1:${ports.bare}`;
const log = (line: string) => console.log(line);
/** BENCH_PROFILE=1: a CPU profile of each process for the whole run, in .data/profiles/ (open in DevTools). */
const profiling = benchProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${benchProfileDir}`] : [];

const logFile = join(repoRoot, '.data/bench-api.log');
rmSync(logFile, { force: true });
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = await redisAnswers(redisUrl);

log('Bundling the servers (scripts/production/bundle-servers.ts)…');
const bundled = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/production/bundle-servers.ts'], {
  cwd: repoRoot,
  stdio: 'inherit',
});
if (bundled.status !== 0) throw new Error('bundling the servers failed');

const database = await prepareGroupDatabase(0.002, ports.embeddedPostgres, log, { database: 'bench_api' });
const stops: (() => Promise<void>)[] = [database.stop];
try {
  const issuer = await startTokenIssuer(ports.issuer, `http://localhost:${ports.api}`);
  stops.push(issuer.close);
  const authorization = await linkOneClient(database.url, issuer.issuer, (subject) => issuer.bearer(subject));

  const bare = start(
    'bare node:http',
    ['--import', 'tsx', 'scripts/lib/bench/bare-http-server.ts', String(ports.bare)],
    {},
  );
  stops.push(bare.stop);
  await waitForHttp(`${bareUrl}/`, bare);
  const api = start('API (production build)', ['dist/api/server.mjs'], {
    DATABASE_URL: database.url,
    ...(redis ? { REDIS_URL: redisUrl } : {}),
    API_PORT: String(ports.api),
    API_PUBLIC_URL: apiUrl,
    AUTH_ISSUERS: issuer.authIssuers,
    LOG_LEVEL: 'info',
    RATE_LIMIT_MAX: '1000000',
  });
  stops.push(api.stop);
  await waitForHttp(`${apiUrl}/readyz`, api);

  const run = (label: string, url: string, headers: Record<string, string> = {}) =>
    runSaturatingLoad({
      label,
      url,
      connections,
      seconds,
      headers,
      serverPid: (url.startsWith(bareUrl) ? bare : api).child.pid,
    });
  // Warm-up: JIT, connection pools, the verified-token cache.
  await run('warm-up', `${apiUrl}/v2/pets`, { authorization });
  // Rounds of /healthz and /v2/pets, each between two bare runs whose mean is its floor: one bare run moves
  // with the machine's load, and so does one round's ratio; the median of the rounds is the figure.
  const bares = [await run('bare node:http GET /', `${bareUrl}/`)];
  const ratios: { healthz: number; pets: number }[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const healthz = await run('API GET /healthz', `${apiUrl}/healthz`);
    const pets = await run('API GET /v2/pets (authorised)', `${apiUrl}/v2/pets`, { authorization });
    const before = bares.at(-1)!;
    const after = await run('bare node:http GET /', `${bareUrl}/`);
    bares.push(after);
    const floor = { ...before, requestsPerSecond: (before.requestsPerSecond + after.requestsPerSecond) / 2 };
    log(`Round ${round} of ${rounds}:`);
    log(`  ${describeSaturatingLoad(before)}`);
    log(`  ${describeSaturatingLoad(healthz, floor)}`);
    log(`  ${describeSaturatingLoad(pets, floor)}`);
    ratios.push({
      healthz: healthz.requestsPerSecond / floor.requestsPerSecond,
      pets: pets.requestsPerSecond / floor.requestsPerSecond,
    });
  }
  log(`  ${describeSaturatingLoad(bares.at(-1)!)}`);
  const summary = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${sorted[Math.floor((sorted.length - 1) / 2)]!.toFixed(3)}× (${sorted[0]!.toFixed(3)}–${sorted.at(-1)!.toFixed(3)})`;
  };
  log(
    `Median of ${rounds} rounds (range): /healthz ${summary(ratios.map((r) => r.healthz))}, /v2/pets ${summary(ratios.map((r) => r.pets))}`,
  );
  log(
    `(autocannon, ${connections} keep-alive connections, ${seconds} s each; each round's ratios to the mean of the bare runs either side; rate limits ${redis ? 'in Redis, as production' : 'in memory: no Redis answered at ' + redisUrl}; targets: /healthz ≥ 0.7× bare, /v2/pets ≥ 0.15× bare with p99 < 20 ms)`,
  );
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {});
}

function start(name: string, args: string[], env: Record<string, string>): ManagedProcess {
  return spawnManaged({
    name,
    command: process.execPath,
    args: [...profiling, ...args],
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'development', ...env },
    // As a container runtime takes production's standard output: read by another process, never held up.
    output: { file: logFile },
  });
}

async function redisAnswers(url: string): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
