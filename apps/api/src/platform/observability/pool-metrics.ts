import type { DatabaseHandle } from '@vet/db/connection';
import { Gauge, Histogram, type Registry } from 'prom-client';

type Pool = DatabaseHandle['pool'];

/** Seconds to get a connection: none when one is idle, a connect's few ms, up to a saturated pool's wait. */
const waitBuckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/**
 * The request pool's state (read from pg.Pool at scrape time: no query) and how long each checkout waited.
 * Names follow OpenTelemetry's database client conventions (db.client.connection.*).
 */
export function registerPoolMetrics(registry: Registry, pool: Pool, poolName: string): void {
  new Gauge({
    name: 'db_client_connections',
    help: 'Connections in the pool, by state (idle, used)',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      this.set({ pool: poolName, state: 'idle' }, pool.idleCount);
      this.set({ pool: poolName, state: 'used' }, pool.totalCount - pool.idleCount);
    },
  });
  new Gauge({
    name: 'db_client_connection_pending_requests',
    help: 'Checkouts waiting for a connection (pg.Pool waitingCount)',
    labelNames: ['pool'] as const,
    registers: [registry],
    collect() {
      this.set({ pool: poolName }, pool.waitingCount);
    },
  });
  const wait = new Histogram({
    name: 'db_client_connection_wait_time_seconds',
    help: 'Time to get a connection from the pool, waiting and connecting included',
    labelNames: ['pool'] as const,
    buckets: waitBuckets,
    registers: [registry],
  });
  // Present from the start (count 0), so a rate over it has a first point.
  wait.zero({ pool: poolName });
  timeCheckouts(pool, () => wait.startTimer({ pool: poolName }));
}

/**
 * pg.Pool says how many wait, not how long: its `connect` is wrapped on this instance. `query` goes
 * through it too (pg-pool calls `this.connect`), so one-statement reads and transactions are both timed.
 */
function timeCheckouts(pool: Pool, startTimer: () => () => void): void {
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<unknown> | undefined;
  const timed = (callback?: ConnectCallback) => {
    const stop = startTimer();
    if (callback)
      return connect((error, client, release) => {
        stop();
        callback(error, client, release);
      });
    return connect()?.finally(stop);
  };
  pool.connect = timed as Pool['connect'];
}

type ConnectCallback = (error: Error | undefined, client: unknown, release: unknown) => void;
