import type { DatabaseHandle } from '@vet/db/connection';
import { Gauge, type Registry } from 'prom-client';

type Pool = DatabaseHandle['pool'];

/** What the background work's tables hold, read at scrape time. Counts and ages only: no row's content. */
export interface QueueState {
  /** graphile-worker's jobs, by state (failed: out of attempts, kept for inspection). */
  jobs: Record<'ready' | 'scheduled' | 'running' | 'failed', number>;
  /** Seconds the oldest ready job has waited past its run time; 0 when none waits. */
  oldestReadyJobAgeSeconds: number;
  emails: Record<'pending' | 'failed', number>;
  /** Seconds since the oldest e-mail still to send was written; 0 when none. */
  oldestPendingEmailAgeSeconds: number;
  /** Practice events' webhook deliveries (decision 0067): pending (to send or retry), parked (given up). */
  deliveries: Record<'pending' | 'parked', number>;
  oldestPendingDeliveryAgeSeconds: number;
}

/**
 * One statement for the whole scrape. The partial indexes on the outbox's and deliveries' status keep it
 * cheap however many rows were sent; graphile-worker deletes its finished jobs.
 */
const queueStateSql = `
  with jobs as (
    select
      count(*) filter (where attempts < max_attempts and locked_at is null and run_at <= now()) as ready,
      count(*) filter (where attempts < max_attempts and locked_at is null and run_at > now()) as scheduled,
      count(*) filter (where attempts < max_attempts and locked_at is not null) as running,
      count(*) filter (where attempts >= max_attempts) as failed,
      min(run_at) filter (where attempts < max_attempts and locked_at is null and run_at <= now())
        as oldest_ready
    from graphile_worker.jobs
  ), emails as (
    select
      count(*) filter (where status = 'pending') as pending,
      count(*) filter (where status = 'failed') as failed,
      min(created_at) filter (where status = 'pending') as oldest_pending
    from email_outbox where status in ('pending', 'failed')
  ), deliveries as (
    select
      count(*) filter (where status = 'pending') as pending,
      count(*) filter (where status = 'parked') as parked,
      min(created_at) filter (where status = 'pending') as oldest_pending
    from webhook_deliveries where status <> 'delivered'
  )
  select
    jobs.ready::int as jobs_ready, jobs.scheduled::int as jobs_scheduled,
    jobs.running::int as jobs_running, jobs.failed::int as jobs_failed,
    coalesce(extract(epoch from now() - jobs.oldest_ready), 0)::float8 as oldest_ready_job_age,
    emails.pending::int as emails_pending, emails.failed::int as emails_failed,
    coalesce(extract(epoch from now() - emails.oldest_pending), 0)::float8 as oldest_email_age,
    deliveries.pending::int as deliveries_pending, deliveries.parked::int as deliveries_parked,
    coalesce(extract(epoch from now() - deliveries.oldest_pending), 0)::float8 as oldest_delivery_age
  from jobs, emails, deliveries`;

interface QueueStateRow {
  jobs_ready: number;
  jobs_scheduled: number;
  jobs_running: number;
  jobs_failed: number;
  oldest_ready_job_age: number;
  emails_pending: number;
  emails_failed: number;
  oldest_email_age: number;
  deliveries_pending: number;
  deliveries_parked: number;
  oldest_delivery_age: number;
}

/**
 * Reads the queues' state, or fails after `timeoutMs`: a scrape must answer even when the database does
 * not (a lock, an outage). The pool should be the scraper's own, with the same statement_timeout, so the
 * server gives up too and a slow scrape never takes a connection from the requests.
 */
export async function readQueueState(pool: Pool, timeoutMs: number): Promise<QueueState> {
  const reading = pool.query<QueueStateRow>(queueStateSql);
  // Answered or not, the reading ends (statement_timeout); its late failure needs no one.
  reading.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`queue state not read within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const { rows } = await Promise.race([reading, timeout]);
    const row = rows[0]!;
    return {
      jobs: {
        ready: row.jobs_ready,
        scheduled: row.jobs_scheduled,
        running: row.jobs_running,
        failed: row.jobs_failed,
      },
      oldestReadyJobAgeSeconds: row.oldest_ready_job_age,
      emails: { pending: row.emails_pending, failed: row.emails_failed },
      oldestPendingEmailAgeSeconds: row.oldest_email_age,
      deliveries: { pending: row.deliveries_pending, parked: row.deliveries_parked },
      oldestPendingDeliveryAgeSeconds: row.oldest_delivery_age,
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The queues' gauges, read from the database once per scrape (never per request). When the read fails
 * the numbers are NaN (unknown) and `queue_state_up` is 0, rather than the last values passed off as now.
 */
export function registerQueueMetrics(registry: Registry, read: () => Promise<QueueState>): void {
  let current: Promise<QueueState | undefined> | undefined;
  // Every gauge's collect runs in the same scrape: the first starts the read, the others share it.
  const state = () => {
    current ??= read()
      .catch(() => undefined)
      .finally(() => setImmediate(() => (current = undefined)));
    return current;
  };
  const gauge = (
    name: string,
    help: string,
    labelNames: string[],
    set: (gauge: Gauge, value: QueueState | undefined) => void,
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        set(this, await state());
      },
    });

  gauge('queue_state_up', 'Whether the last scrape read the queues (1) or not (0)', [], (g, s) =>
    g.set(s ? 1 : 0),
  );
  gauge('job_queue_jobs', 'Jobs in the job queue (graphile-worker), by state', ['state'], (g, s) => {
    for (const name of ['ready', 'scheduled', 'running', 'failed'] as const)
      g.set({ state: name }, s ? s.jobs[name] : Number.NaN);
  });
  gauge(
    'job_queue_oldest_ready_age_seconds',
    'Seconds the oldest ready job has waited past its run time (0: none waits)',
    [],
    (g, s) => g.set(s ? s.oldestReadyJobAgeSeconds : Number.NaN),
  );
  gauge(
    'email_outbox_emails',
    'E-mails in the outbox still to send or given up, by status',
    ['status'],
    (g, s) => {
      for (const name of ['pending', 'failed'] as const)
        g.set({ status: name }, s ? s.emails[name] : Number.NaN);
    },
  );
  gauge(
    'email_outbox_oldest_pending_age_seconds',
    'Seconds since the oldest e-mail still to send was written (0: none)',
    [],
    (g, s) => g.set(s ? s.oldestPendingEmailAgeSeconds : Number.NaN),
  );
  gauge(
    'practice_event_deliveries',
    'Webhook deliveries of practice events not delivered, by status (pending, parked)',
    ['status'],
    (g, s) => {
      for (const name of ['pending', 'parked'] as const)
        g.set({ status: name }, s ? s.deliveries[name] : Number.NaN);
    },
  );
  gauge(
    'practice_event_oldest_pending_delivery_age_seconds',
    'Seconds since the oldest pending webhook delivery was written (0: none)',
    [],
    (g, s) => g.set(s ? s.oldestPendingDeliveryAgeSeconds : Number.NaN),
  );
}
