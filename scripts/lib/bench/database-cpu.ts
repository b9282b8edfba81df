import type pg from 'pg';
import { processCpuSeconds } from './process-cpu.ts';

/**
 * CPU seconds so far of each PostgreSQL backend serving `database`, by process id (from /proc: the
 * server must run on this machine). Read before and after a load, the difference is what the load cost
 * PostgreSQL, apart from other databases' work on a shared server (other tests on the machine's server).
 */
export async function databaseBackendsCpu(pool: pg.Pool, database: string): Promise<Map<number, number>> {
  const { rows } = await pool.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  const seconds = new Map<number, number>();
  for (const { pid } of rows) {
    const cpu = processCpuSeconds(pid);
    if (cpu !== null) seconds.set(pid, cpu);
  }
  return seconds;
}

/**
 * CPU seconds the backends used between two readings: a backend that started during the load counts
 * from zero, one that ended during it is missed (the API's pool keeps its connections while busy).
 */
export function backendsCpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}
