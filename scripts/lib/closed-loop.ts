import { send, type PlannedRequest } from './open-loop.ts';

export interface ClosedLoopResult {
  label: string;
  requestsPerSecond: number;
  latenciesMs: number[];
  notOk: number;
}

/**
 * A closed-loop load: `connections` callers, each sending its next request as soon as the last one is
 * answered, for `seconds`. It measures throughput (how much the server can do) where the open loop
 * (open-loop.ts) measures latency at a given rate.
 */
export async function runClosedLoop(options: {
  label: string;
  baseUrl: string;
  connections: number;
  seconds: number;
  request: PlannedRequest;
}): Promise<ClosedLoopResult> {
  const latenciesMs: number[] = [];
  let notOk = 0;
  const started = performance.now();
  const until = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < until) {
        const sent = performance.now();
        const answer = await send(options.baseUrl, options.request).catch(() => null);
        latenciesMs.push(performance.now() - sent);
        if (!answer || answer.status >= 400) notOk += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { label: options.label, requestsPerSecond: latenciesMs.length / elapsed, latenciesMs, notOk };
}

/** One line: throughput, p50/p99, failures, and the ratio to a floor's throughput when given. */
export function describeClosedLoop(result: ClosedLoopResult, floor?: ClosedLoopResult): string {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)] ?? NaN;
  const ratio = floor ? `, ${(result.requestsPerSecond / floor.requestsPerSecond).toFixed(2)}× bare` : '';
  return (
    `${result.label}: ${result.requestsPerSecond.toFixed(0)} req/s${ratio}; p50 ${at(0.5).toFixed(1)} ms, ` +
    `p99 ${at(0.99).toFixed(1)} ms; ${result.notOk} not OK`
  );
}
