import autocannon, { type Result } from 'autocannon';
import { processCpuSeconds } from './process-cpu.ts';

export interface SaturatingLoadResult {
  label: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 2xx, plus errors and timeouts. */
  notOk: number;
  total: number;
  /**
   * CPU (user + system) the server process spent per answered request, in microseconds; null without
   * /proc. Unlike throughput, it hardly moves with what else the machine runs: the figure to compare when
   * changing the server on a busy machine.
   */
  serverCpuMicrosPerRequest: number | null;
}

/**
 * A saturating load by autocannon (decision 0074): `connections` keep-alive connections, each sending
 * its next request as soon as the last is answered, for `seconds`. autocannon drives bare node:http to
 * several times what a closed loop of fetch calls reaches here, so the ratio to bare measures the server,
 * not the load generator.
 */
export async function runSaturatingLoad(options: {
  label: string;
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** The server's process id, to read its CPU time before and after. */
  serverPid?: number;
}): Promise<SaturatingLoadResult> {
  const cpuBefore = processCpuSeconds(options.serverPid);
  const result = await new Promise<Result>((resolve, reject) => {
    autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        headers: options.headers ?? {},
      },
      (error: Error | null, finished) => (error ? reject(error) : resolve(finished)),
    );
  });
  const cpuAfter = processCpuSeconds(options.serverPid);
  const notOk = result.non2xx + result.errors + result.timeouts;
  return {
    label: options.label,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    notOk,
    total: result.requests.total,
    serverCpuMicrosPerRequest:
      cpuBefore === null || cpuAfter === null || result.requests.total === 0
        ? null
        : ((cpuAfter - cpuBefore) * 1e6) / result.requests.total,
  };
}

/** One line: throughput, p50/p99, failures, and the ratio to a floor's throughput when given. */
export function describeSaturatingLoad(result: SaturatingLoadResult, floor?: SaturatingLoadResult): string {
  // Three decimals: a target such as 0.15× must not be met by rounding.
  const ratio = floor ? `  ${(result.requestsPerSecond / floor.requestsPerSecond).toFixed(3)}× bare` : '';
  const cpu =
    result.serverCpuMicrosPerRequest === null
      ? ''
      : `  server CPU ${Math.round(result.serverCpuMicrosPerRequest)} µs/request`;
  const failures = result.notOk > 0 ? `  ${result.notOk} of ${result.total} not 2xx` : '';
  return (
    `${result.label.padEnd(34)} ${Math.round(result.requestsPerSecond).toLocaleString('en-GB').padStart(7)} req/s` +
    `  p50 ${result.p50Ms.toFixed(1)} ms  p99 ${result.p99Ms.toFixed(1)} ms${ratio}${cpu}${failures}`
  );
}
