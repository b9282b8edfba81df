import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../shared/paths.ts';
import { processCpuSeconds, type CpuSnapshot, cpuSnapshot } from './process-cpu.ts';
import { startTokenIssuer, type TokenIssuer } from '../shared/token-issuer.ts';
import { runOpenLoop, type PlannedRequest, type RunResult } from './open-loop.ts';
import { spawnManaged, waitForHttp, type ManagedProcess } from '../shared/processes.ts';

/** BENCH_PROFILE=1: where each process of a bench writes a CPU profile of its whole run (open in DevTools). */
export const benchProfileDir =
  process.env.BENCH_PROFILE === '1' ? join(repoRoot, '.data/profiles') : undefined;

/**
 * The environment of a bench's single API process: its database, port and token issuer, a local run's
 * NODE_ENV (unset, it would mean production: decision 0068) and no rate limit in the bench's way.
 */
export function benchApiEnv(options: {
  databaseUrl: string;
  port: number;
  issuer: TokenIssuer;
  logLevel: string;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: options.databaseUrl,
    API_PORT: String(options.port),
    API_PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    AUTH_ISSUERS: options.issuer.authIssuers,
    LOG_LEVEL: options.logLevel,
    RATE_LIMIT_MAX: '1000000',
  };
}

/** One API process of a bench: its address and the process. */
export interface BenchApi {
  url: string;
  process: ManagedProcess & { output: () => string };
}

/**
 * Starts `count` API processes from the sources, as production runs several instances (decision 0070), on
 * consecutive ports from `firstPort`, each with `env` on top of this process's environment, and waits
 * until each is ready. `profileDir`: each writes a CPU profile of its whole life there (--cpu-prof).
 * The caller stops them (each `process.stop`), also when this throws part-way.
 */
export async function startBenchApis(options: {
  count: number;
  firstPort: number;
  env: Record<string, string>;
  profileDir?: string;
  started: (api: BenchApi) => void;
}): Promise<BenchApi[]> {
  const apis: BenchApi[] = [];
  for (let n = 0; n < options.count; n += 1) {
    const port = options.firstPort + n;
    const url = `http://127.0.0.1:${port}`;
    const profiling = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
    const api = spawnManaged({
      name: `API ${n + 1}`,
      command: process.execPath,
      args: [...profiling, '--import', 'tsx', join(repoRoot, 'apps/api/src/server.ts')],
      cwd: repoRoot,
      env: {
        ...process.env,
        // A local run's settings: unset, NODE_ENV would mean production (decision 0068).
        NODE_ENV: 'development',
        API_PORT: String(port),
        API_PUBLIC_URL: url,
        ...options.env,
      },
      output: 'collect',
    });
    options.started({ url, process: api });
    apis.push({ url, process: api });
  }
  for (const api of apis) await waitForHttp(`${api.url}/readyz`, api.process);
  return apis;
}

/**
 * The bench's token issuer (its audience the first API's address) and `count` API processes on the
 * database trusting it, with `env` on top; each is added to `stops` as it starts, so the caller stops them
 * all, also when this throws part-way.
 */
export async function startIssuerAndApis(options: {
  count: number;
  ports: { api: number; issuer: number };
  databaseUrl: string;
  env: Record<string, string>;
  stops: (() => Promise<void>)[];
}): Promise<{ issuer: TokenIssuer; apis: BenchApi[] }> {
  const { ports, stops } = options;
  const issuer = await startTokenIssuer(ports.issuer, `http://localhost:${ports.api}`);
  stops.push(issuer.close);
  const apis = await startBenchApis({
    count: options.count,
    firstPort: ports.api,
    env: { DATABASE_URL: options.databaseUrl, AUTH_ISSUERS: issuer.authIssuers, ...options.env },
    profileDir: benchProfileDir,
    started: (api) => stops.push(api.process.stop),
  });
  return { issuer, apis };
}

/** CPU seconds so far of the API processes together, this process's and the machine's (process-cpu.ts). */
export function apisCpuSnapshot(apis: readonly BenchApi[]): CpuSnapshot {
  const own = cpuSnapshot(undefined);
  const each = apis.map((api) => processCpuSeconds(api.process.child.pid));
  const api = each.some((seconds) => seconds === null)
    ? null
    : each.reduce<number>((sum, seconds) => sum + seconds!, 0);
  return { ...own, api };
}

/**
 * One open loop at `rate` spread round-robin over the APIs: request i goes to API i mod n. Run as one
 * open loop per API at rate / n, their starts staggered by one interval each, so together they send at
 * the planned instants of the whole rate; their results are merged into one.
 */
export async function runSpreadOpenLoop(options: {
  label: string;
  apis: readonly BenchApi[];
  rate: number;
  seconds: number;
  next: (index: number) => PlannedRequest;
  timeoutMs?: number;
}): Promise<RunResult> {
  const n = options.apis.length;
  const intervalMs = 1000 / options.rate;
  const results = await Promise.all(
    options.apis.map(async (api, offset) => {
      if (offset > 0) await new Promise((resolve) => setTimeout(resolve, offset * intervalMs));
      return runOpenLoop({
        label: options.label,
        baseUrl: api.url,
        rate: options.rate / n,
        seconds: options.seconds,
        next: (index) => options.next(index * n + offset),
        timeoutMs: options.timeoutMs,
      });
    }),
  );
  const statuses = new Map<number, number>();
  for (const result of results) {
    for (const [status, count] of result.statuses) statuses.set(status, (statuses.get(status) ?? 0) + count);
  }
  return {
    label: n === 1 ? options.label : `${options.label} (round-robin over ${n} API processes)`,
    rate: options.rate,
    sent: results.reduce((sum, result) => sum + result.sent, 0),
    latenciesMs: results.flatMap((result) => result.latenciesMs),
    statuses,
    failed: results.reduce((sum, result) => sum + result.failed, 0),
    elapsedMs: Math.max(...results.map((result) => result.elapsedMs)),
  };
}

/**
 * User and system CPU seconds so far of the API processes together (/proc; zeros elsewhere): system time
 * is mostly the sockets' (a round trip to PostgreSQL is a write and a wake-up on each side).
 */
export function apisUserAndSystemSeconds(apis: readonly BenchApi[]): { user: number; system: number } {
  let user = 0;
  let system = 0;
  for (const api of apis) {
    try {
      const stat = readFileSync(`/proc/${api.process.child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      user += Number(fields[11]) / 100;
      system += Number(fields[12]) / 100;
    } catch {
      // not Linux, or the process has gone
    }
  }
  return { user, system };
}
