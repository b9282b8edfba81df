/**
 * `npm run bench:api` (and part of `npm run bench`): the API's hot path beside bare node:http, issue 14.
 * Starts the real API as production runs it (request logging at `info`, rate limits on with a ceiling
 * this load does not reach), on a one-practice group data set (2,000 clients with pets), and drives 20
 * keep-alive connections in a closed loop at bare node:http, `GET /healthz`, and an authorised
 * `GET /v2/pets`. Prints throughput, p50/p99 and the ratio to bare node:http; asserts nothing.
 */
import { join } from 'node:path';
import pg from 'pg';
import { startBenchIssuer } from './lib/bench-issuer.ts';
import { describeClosedLoop, runClosedLoop } from './lib/closed-loop.ts';
import { prepareGroupDatabase } from './lib/group-database.ts';
import { repoRoot } from './lib/paths.ts';
import { spawnManaged, waitForHttp, type ManagedProcess } from './lib/processes.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? '10');
const connections = 20;
const ports = { api: 4070, issuer: 4170, bare: 4080, embeddedPostgres: 54370 };
const apiUrl = `http://127.0.0.1:${ports.api}`;
const bareUrl = `http://127.0.0.1:${ports.bare}`;
const log = (line: string) => console.log(line);
/** BENCH_PROFILE=1: a CPU profile of each process for the whole run, in .data/profiles/ (open in DevTools). */
const profiling =
  process.env.BENCH_PROFILE === '1'
    ? ['--cpu-prof', `--cpu-prof-dir=${join(repoRoot, '.data/profiles')}`]
    : [];

const database = await prepareGroupDatabase(0.002, ports.embeddedPostgres, log, { database: 'bench_api' });
const stops: (() => Promise<void>)[] = [database.stop];
try {
  const issuer = await startBenchIssuer(ports.issuer, `http://localhost:${ports.api}`);
  stops.push(issuer.close);
  const authorization = await linkOneClient(database.url, issuer.issuer, (subject) => issuer.bearer(subject));

  const bare = start('bare node:http', ['scripts/lib/bare-http-server.ts', String(ports.bare)], {});
  stops.push(bare.stop);
  await waitForHttp(`${bareUrl}/`, bare);
  const api = start('API', ['apps/api/src/server.ts'], {
    DATABASE_URL: database.url,
    API_PORT: String(ports.api),
    API_PUBLIC_URL: apiUrl,
    AUTH_ISSUERS: issuer.authIssuers,
    LOG_LEVEL: 'info',
    RATE_LIMIT_MAX: '1000000',
  });
  stops.push(api.stop);
  await waitForHttp(`${apiUrl}/readyz`, api);

  const run = (label: string, baseUrl: string, path: string, headers: Record<string, string> = {}) =>
    runClosedLoop({ label, baseUrl, connections, seconds, request: { method: 'GET', path, headers } });
  // Warm-up: JIT, connection pools, the verified-token cache.
  await run('warm-up', apiUrl, '/v2/pets', { authorization });
  const floor = await run('bare node:http GET /', bareUrl, '/');
  log(describeClosedLoop(floor));
  log(describeClosedLoop(await run('API GET /healthz', apiUrl, '/healthz'), floor));
  log(
    describeClosedLoop(
      await run('API GET /v2/pets (authorised)', apiUrl, '/v2/pets', { authorization }),
      floor,
    ),
  );
  log(
    `(${connections} keep-alive connections, closed loop, ${seconds} s each; targets: /healthz ≥ 0.7× bare, /v2/pets ≥ 0.1× bare with p99 < 20 ms)`,
  );
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => {});
}

function start(name: string, script: string[], env: Record<string, string>): ManagedProcess {
  const [file, ...args] = script;
  return spawnManaged({
    name,
    command: process.execPath,
    args: [...profiling, '--import', 'tsx', join(repoRoot, file!), ...args],
    cwd: repoRoot,
    // A local run's settings: unset, NODE_ENV would mean production (decision 0068).
    env: { ...process.env, NODE_ENV: 'development', ...env },
    output: 'collect',
  });
}

/** Links the first client with pets to a bench identity and returns its bearer header. */
async function linkOneClient(
  url: string,
  issuer: string,
  bearer: (subject: string) => Promise<string>,
): Promise<string> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const { rows } = await pool.query<{ id: number }>(
      `update clients set identity_issuer = $1, identity_subject = 'bench-pets', linked_at = now()
        where id = (select client_id from pets order by client_id limit 1) returning id`,
      [issuer],
    );
    if (!rows[0]) throw new Error('no client with pets in the bench data set');
    return bearer('bench-pets');
  } finally {
    await pool.end();
  }
}
