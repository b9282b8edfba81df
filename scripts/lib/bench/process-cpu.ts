import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** The machine's load average over 1, 5 and 15 minutes, as a bench prints it: `1.52 0.98 0.61`. */
export function loadAverage(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

/** Clock ticks per second of /proc's CPU times: 100 on every Linux this runs on (USER_HZ). */
const TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat; null where there is no
 * /proc (not Linux) or the process has gone. Read before and after a load, it says what the load cost
 * that process, whatever else shares the machine.
 */
export function processCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command (which may hold spaces) in parentheses; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU seconds of the whole machine so far (all cores), busy and in all, from /proc/stat; null without it. */
export function machineCpuSeconds(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    // cpu  user nice system idle iowait irq softirq steal …
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = ticks.reduce((sum, value) => sum + value, 0);
    const idle = ticks[3]! + ticks[4]!;
    return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/** CPU seconds so far: the API's (null when unknown), the load generator's (this process) and the machine's. */
export interface CpuSnapshot {
  api: number | null;
  generator: number;
  machine: { busy: number; total: number } | null;
}

export function cpuSnapshot(apiPid: number | undefined): CpuSnapshot {
  const own = process.cpuUsage();
  return {
    api: processCpuSeconds(apiPid),
    generator: (own.user + own.system) / 1e6,
    machine: machineCpuSeconds(),
  };
}

/** Where the cores went between two snapshots: the API (and per request), the generator, everything else. */
export function describeCpuSince(before: CpuSnapshot, after: CpuSnapshot, requests: number): string {
  const generator = after.generator - before.generator;
  const api = before.api !== null && after.api !== null ? after.api - before.api : null;
  const machine =
    before.machine && after.machine
      ? {
          busy: after.machine.busy - before.machine.busy,
          total: after.machine.total - before.machine.total,
        }
      : null;
  const parts = [
    api === null
      ? 'API: unknown'
      : `API ${api.toFixed(1)} s (${((api * 1000) / requests).toFixed(1)} ms a request)`,
    `load generator ${generator.toFixed(1)} s`,
  ];
  if (machine) {
    const rest = machine.busy - generator - (api ?? 0);
    parts.push(
      `everything else (PostgreSQL, other work on the machine) ${rest.toFixed(1)} s; ` +
        `the machine was busy ${((100 * machine.busy) / machine.total).toFixed(0)} % of ${machine.total.toFixed(1)} core-seconds`,
    );
  }
  return `CPU during the run: ${parts.join(', ')}`;
}
