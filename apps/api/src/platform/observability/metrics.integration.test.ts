import { connectDatabase, type DatabaseHandle } from '@vet/db/connection';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { enqueueEmail } from '@vet/email/enqueue-email';
import type { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { testConfig } from '../../testing/test-app.ts';
import { createApiMetrics } from './api-metrics.ts';
import { startMetricsServer, type MetricsServer } from '@vet/telemetry/metrics-server';
import { readQueueState } from './queue-metrics.ts';

// Its own database: the queue gauges count every row of their tables, which other files also write.
const database = useOwnDatabase('api_metrics_test');

/** One sample of the Prometheus text format: `name{label="value",…} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseSamples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [, name, labelText, value] = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line) ?? [];
      const labels = Object.fromEntries(
        [...(labelText ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, label]) => [key!, label!]),
      );
      return { name: name!, labels, value: Number(value) };
    });
}

/** The value of the one sample with this name and these labels (and maybe others); undefined if none. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;
}

async function scrape(server: MetricsServer) {
  const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
  const text = await response.text();
  return { response, text, samples: parseSamples(text) };
}

async function servedMetrics(registry: Registry, use: (server: MetricsServer) => Promise<void>) {
  const server = await startMetricsServer(registry, '127.0.0.1', 0);
  try {
    await use(server);
  } finally {
    await server.close();
  }
}

describe('the API’s metrics', () => {
  let app: App;
  let publicUrl: string;
  let metrics: MetricsServer;

  beforeAll(async () => {
    const { pool, db, url } = database.current;
    const registry = createApiMetrics({ pool, readQueueState: () => readQueueState(pool, 5_000) });
    app = await buildApp({ config: testConfig(url), db, pool, logger: false, metrics: registry });
    publicUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    metrics = await startMetricsServer(registry, '127.0.0.1', 0);
  });
  afterAll(async () => {
    await metrics?.close();
    await app?.close();
  });

  it('answers in Prometheus’s text format with the process, pool, queue and request series', async () => {
    await fetch(`${publicUrl}/healthz`);
    const { response, text, samples } = await scrape(metrics);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'db_client_connection_pending_requests',
      'db_client_connection_wait_time_seconds_count',
      'queue_state_up',
      'job_queue_oldest_ready_age_seconds',
      'email_outbox_oldest_pending_age_seconds',
      'practice_event_oldest_pending_delivery_age_seconds',
    ])
      expect(valueOf(samples, name), name).toBeTypeOf('number');
    for (const state of ['idle', 'used'])
      expect(valueOf(samples, 'db_client_connections', { pool: 'api', state }), state).toBeTypeOf('number');
    expect(valueOf(samples, 'job_queue_jobs', { state: 'ready' })).toBe(0);
    expect(valueOf(samples, 'email_outbox_emails', { status: 'failed' })).toBe(0);
    expect(valueOf(samples, 'practice_event_deliveries', { status: 'parked' })).toBe(0);
    expect(valueOf(samples, 'http_requests_total', { route: '/healthz', status: '200' })).toBe(1);
  });

  it('counts a request under its route template and status class, never its URL', async () => {
    const petId = '918273645';
    const pet = await fetch(`${publicUrl}/v2/pets/${petId}`);
    const stray = await fetch(`${publicUrl}/no-such-page/owner@example.com`);
    expect([pet.status, stray.status]).toEqual([401, 404]);

    const { text, samples } = await scrape(metrics);
    const route = { method: 'GET', route: '/v2/pets/:petId' };
    expect(valueOf(samples, 'http_requests_total', { ...route, status: '401' })).toBe(1);
    expect(valueOf(samples, 'http_request_errors_total', { ...route, status_class: '4xx' })).toBe(1);
    expect(valueOf(samples, 'http_request_errors_total', { ...route, status_class: '5xx' })).toBeUndefined();
    expect(valueOf(samples, 'http_request_duration_seconds_count', { ...route, status_class: '4xx' })).toBe(
      1,
    );
    expect(valueOf(samples, 'http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(text).not.toContain(petId);
    expect(text).not.toContain('example.com');
    expect(text).not.toContain('no-such-page');
  });

  it('is not served on the public port, and its own port serves nothing else', async () => {
    const onPublicPort = await fetch(`${publicUrl}/metrics`);
    expect(onPublicPort.status).toBe(404);
    expect(await onPublicPort.text()).not.toContain('http_requests_total');
    expect((await fetch(`http://127.0.0.1:${metrics.port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metrics.port}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('counts the queues’ jobs, e-mails and webhook deliveries at scrape time', async () => {
    const { db, pool } = database.current;
    await enqueueEmail(db, {
      to: 'metrics@example.invalid',
      subject: 'Queued',
      text: 'Queued',
      html: '<p>Queued</p>',
    });
    await pool.query(`insert into email_outbox (to_address, subject, text_body, status)
      values ('metrics@example.invalid', 'Failed', 'Failed', 'failed')`);
    await pool.query(`
      with endpoint as (
        insert into webhook_endpoints (name, url, secret)
        values ('metrics-test', 'https://pms.example.invalid/hook', 'whsec_dGVzdA==') returning id
      ), event as (
        insert into practice_events (type, record_kind, record_id, data)
        values ('pet.updated', 'pet', 1, '{}') returning id
      )
      insert into webhook_deliveries (endpoint_id, event_id, position, record_key, status)
      select endpoint.id, event.id, 1, 'pet:1', 'parked' from endpoint, event`);

    const { samples } = await scrape(metrics);
    expect(valueOf(samples, 'queue_state_up')).toBe(1);
    expect(valueOf(samples, 'job_queue_jobs', { state: 'ready' })).toBe(1);
    expect(valueOf(samples, 'email_outbox_emails', { status: 'pending' })).toBe(1);
    expect(valueOf(samples, 'email_outbox_emails', { status: 'failed' })).toBe(1);
    expect(valueOf(samples, 'practice_event_deliveries', { status: 'parked' })).toBe(1);
    expect(valueOf(samples, 'practice_event_deliveries', { status: 'pending' })).toBe(0);
  });
});

describe('the API’s metrics when the database does not answer', () => {
  let scrapePool: DatabaseHandle | undefined;
  afterAll(() => scrapePool?.close());

  it('answers the scrape with the queues unknown, and reads them again once it can', async () => {
    const { url, pool } = database.current;
    scrapePool = connectDatabase(url, { max: 1, statementTimeoutMs: 300 });
    const registry = createApiMetrics({ pool, readQueueState: () => readQueueState(scrapePool!.pool, 300) });
    const blocker = await pool.connect();
    await servedMetrics(registry, async (server) => {
      try {
        await blocker.query('begin; lock table email_outbox in access exclusive mode');
        const locked = await scrape(server);
        expect(locked.response.status).toBe(200);
        expect(valueOf(locked.samples, 'queue_state_up')).toBe(0);
        expect(valueOf(locked.samples, 'email_outbox_emails', { status: 'failed' })).toBeNaN();
      } finally {
        await blocker.query('rollback');
        blocker.release();
      }
      const after = await scrape(server);
      expect(valueOf(after.samples, 'queue_state_up')).toBe(1);
    });
  });
});

describe('the pool’s metrics', () => {
  let small: DatabaseHandle | undefined;
  afterAll(() => small?.close());

  it('shows a checkout waiting for a connection, and times each checkout', async () => {
    small = connectDatabase(database.current.url, { max: 1 });
    const registry = createApiMetrics({
      pool: small.pool,
      readQueueState: () => Promise.reject(new Error()),
    });
    await servedMetrics(registry, async (server) => {
      const held = await small!.pool.connect();
      const waiting = small!.pool.query('select 1');
      const during = await scrape(server);
      held.release();
      await waiting;
      const after = await scrape(server);

      expect(valueOf(during.samples, 'db_client_connection_pending_requests', { pool: 'api' })).toBe(1);
      expect(valueOf(during.samples, 'db_client_connections', { state: 'used' })).toBe(1);
      expect(valueOf(after.samples, 'db_client_connection_pending_requests')).toBe(0);
      expect(valueOf(after.samples, 'db_client_connection_wait_time_seconds_count', { pool: 'api' })).toBe(2);
    });
  });
});
