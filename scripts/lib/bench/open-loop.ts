import { Agent, request } from 'node:http';

/** One request of a run: sent as is, its body (if any) as JSON. */
export interface PlannedRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent byte for byte instead of `body` (a signed webhook's exact payload), as application/json. */
  rawBody?: string;
}

export interface RunResult {
  label: string;
  rate: number;
  sent: number;
  latenciesMs: number[];
  statuses: Map<number, number>;
  /** Requests that got no response (connection error or the 10 s timeout). */
  failed: number;
  /** From the first request's planned instant to the last answer: answers / elapsed is the achieved rate. */
  elapsedMs: number;
}

export interface Answer {
  status: number;
  body: string;
}

/** Keep-alive connections, as many as the load needs: an open loop never waits for a free socket. */
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

/** Sends one request and reads the whole answer. */
export function send(baseUrl: string, planned: PlannedRequest, timeoutMs = 10_000): Promise<Answer> {
  const url = new URL(planned.path, baseUrl);
  const payload = planned.rawBody ?? (planned.body === undefined ? undefined : JSON.stringify(planned.body));
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: planned.method,
        agent,
        timeout: timeoutMs,
        headers: {
          ...planned.headers,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/**
 * An open-loop load: request i is sent at start + i / rate whatever happened to the earlier ones, and
 * its latency is counted from that planned instant (not from when it left), so a slow server or a
 * late event loop shows in the figures instead of silently lowering the rate (coordinated omission).
 */
export async function runOpenLoop(options: {
  label: string;
  baseUrl: string;
  rate: number;
  seconds: number;
  next: (index: number) => PlannedRequest;
  /** How long a request may wait for its answer before it counts as failed (default 10 s). */
  timeoutMs?: number;
  /** Each answer with its request's index and latency, to pair it with a measure of its own. */
  answered?: (index: number, answer: Answer, latencyMs: number) => void;
}): Promise<RunResult> {
  const total = Math.round(options.rate * options.seconds);
  const intervalMs = 1000 / options.rate;
  const result: RunResult = {
    label: options.label,
    rate: options.rate,
    sent: 0,
    latenciesMs: [],
    statuses: new Map(),
    failed: 0,
    elapsedMs: 0,
  };
  const planned = Array.from({ length: total }, (_, index) => options.next(index));
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  for (let index = 0; index < total; index += 1) {
    const due = start + index * intervalMs;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    result.sent += 1;
    inFlight.push(
      send(options.baseUrl, planned[index]!, options.timeoutMs).then(
        (answer) => {
          const latencyMs = performance.now() - due;
          result.latenciesMs.push(latencyMs);
          options.answered?.(index, answer, latencyMs);
          result.statuses.set(answer.status, (result.statuses.get(answer.status) ?? 0) + 1);
        },
        () => {
          result.failed += 1;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  result.elapsedMs = performance.now() - start;
  return result;
}

/**
 * A read endpoint's figures: `warmUpPath` for 5 s (JIT, the pool, the verified-token cache), then each of
 * `paths` as a GET at `rate` for `seconds`, one `describe` line logged as each ends.
 */
export async function logGetLoads(options: {
  baseUrl: string;
  rate: number;
  seconds: number;
  headers: Record<string, string>;
  warmUpPath: string;
  paths: readonly (readonly [label: string, path: string])[];
  log: (line: string) => void;
}): Promise<void> {
  const { baseUrl, rate, headers } = options;
  const get = (path: string) => (): PlannedRequest => ({ method: 'GET', path, headers });
  await runOpenLoop({ label: 'warm-up', baseUrl, rate, seconds: 5, next: get(options.warmUpPath) });
  for (const [label, path] of options.paths) {
    options.log(
      describe(await runOpenLoop({ label, baseUrl, rate, seconds: options.seconds, next: get(path) })),
    );
  }
}

/** The value at quantile q (nearest rank) of sorted values: latencies here, main-thread times elsewhere. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)]!;
}

/** One line: rate, p50/p95/p99/max, answers by status and failures. */
export function describe(result: RunResult): string {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const ms = (q: number) => quantile(sorted, q).toFixed(1);
  const statuses = [...result.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${count}×${status}`)
    .join(', ');
  const errors =
    result.failed + [...result.statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
  return (
    `${result.label}: ${result.rate} req/s open loop, ${result.sent} requests; p50 ${ms(0.5)} ms, ` +
    `p95 ${ms(0.95)} ms, p99 ${ms(0.99)} ms, max ${ms(1)} ms; answers ${statuses || 'none'}; ` +
    `${errors} errors (5xx or no answer)`
  );
}
