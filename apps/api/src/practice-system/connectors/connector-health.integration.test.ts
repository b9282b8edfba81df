import { apiErrorSchema } from '@vet/contracts/errors';
import { connectorHealthResponseSchema } from '@vet/contracts/health';
import { useTestDatabase } from '@vet/db/testing/test-database';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { testGroup } from '@vet/practice-import/testing/test-group';
import pino from 'pino';
import { Registry } from 'prom-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/test-app.ts';
import { practiceBookingDeps } from '../desk-bookings/testing/practice-fixtures.ts';
import { createConnectorAdmin } from './connector-admin.ts';
import { connectorHealth } from './connector-health.ts';
import { createConnectorMetrics } from './connector-metrics.ts';
import { startConnectorRunner } from './connector-runner.ts';
import { createConnectorStore } from './connector-store.ts';
import { MemoryPracticeSystem } from './testing/memory-practice-system.ts';
import { VendorAnswerUnknown } from './vendor-port.ts';

/**
 * A connector's health (decision 0130): a pass that fails, pass after pass, shows in its state row, in
 * `connectors list`'s query, in the metrics and in GET /health/connectors, by a code and never an answer's
 * text; a good pass clears it.
 */
const database = useTestDatabase();
beforeAll(() => seedImportLookups(database));
const log = pino({ level: 'silent' });

/** A practice system whose answers, while `broken`, are in a shape the connection does not know. */
class BrokenSystem extends MemoryPracticeSystem {
  broken = false;
  override read: MemoryPracticeSystem['read'] = (kind, cursor) =>
    this.broken
      ? Promise.reject(new VendorAnswerUnknown('answered site information in a shape we do not know'))
      : super.read(kind, cursor);
}

const stateOf = async (name: string) =>
  (
    await database.pool.query<{ failed_passes: number; last_failure: string | null; good: Date | null }>(
      `select failed_passes, last_failure, last_good_pass_at as good from connector_states where name = $1`,
      [name],
    )
  ).rows[0];

describe('a connector’s health', () => {
  it('counts failed passes by their code, shows them and their lag, answers 503 for them, and clears on a good pass', async () => {
    const group = testGroup();
    const name = `health-${group.tag.toLowerCase()}`;
    const system = new BrokenSystem();
    let now = new Date('2026-11-30T09:00:00Z');
    const registry = new Registry();
    const runner = startConnectorRunner([{ name, practices: [], pollSeconds: 3600, connection: system }], {
      store: createConnectorStore(database.db),
      apply: {
        records: { db: database.db, pool: database.pool },
        bookings: practiceBookingDeps(database.db),
        log,
      },
      metrics: createConnectorMetrics(registry),
      log,
      clock: () => now,
    });
    const app = await buildTestApp(database, {
      env: {
        PRACTICE_CONNECTORS: JSON.stringify([
          {
            name,
            system: 'ezyvet',
            practices: [group.ref('PRAC', 1)],
            base_url: 'https://api.trial.ezyvet.com',
            credentials: { client_id: 'HEALTH_TEST_CLIENT_ID' },
            alert_failed_passes: 3,
            alert_lag_seconds: 7 * 86_400,
          },
        ]),
        HEALTH_TEST_CLIENT_ID: 'id',
      },
    });
    try {
      // A first good pass (an empty system reads to its end at once).
      await expect.poll(async () => (await stateOf(name))?.good?.toISOString()).toBe(now.toISOString());
      const healthy = await app.inject({ method: 'GET', url: '/health/connectors' });
      expect(healthy.statusCode).toBe(200);
      expect(connectorHealthResponseSchema.strict().parse(healthy.json()).connectors).toEqual([
        expect.objectContaining({ name, failed_passes: 0, last_failure: null, failing: false }),
      ]);

      // A desk booking refused before (by its own data): a time the portal may offer, in the metrics.
      await database.pool.query(
        `insert into connector_refusals (name, direction, kind, ref, reasons)
         values ($1, 'read', 'appointments', 'A-1', '[{"path":"ends_at","message":"not after starts_at"}]')`,
        [name],
      );
      // Then every pass fails: each one counted, by its code.
      system.broken = true;
      for (const count of [1, 2, 3]) {
        now = new Date(now.getTime() + 60_000);
        runner.readSoon(name);
        await expect.poll(async () => (await stateOf(name))?.failed_passes).toBe(count);
      }
      expect(await stateOf(name)).toMatchObject({ last_failure: 'unknown_answer' });
      const kinds = await database.pool.query(
        `select distinct last_error from connector_cursors where name = $1 and last_error is not null`,
        [name],
      );
      expect(kinds.rows).toEqual([{ last_error: 'unknown_answer' }]);

      const [listed] = (await createConnectorAdmin(database.db).list(now)).filter((c) => c.name === name);
      expect(listed).toMatchObject({ failedPasses: 3, lastFailure: 'unknown_answer', lagSeconds: 180 });

      const text = await registry.metrics();
      expect(text).toContain(`portal_connector_failed_passes{connector="${name}"} 3`);
      expect(text).toContain(`portal_connector_refused_desk_bookings{connector="${name}"} 1`);
      expect(text).toContain(`portal_connector_passes_total{connector="${name}",outcome="unknown_answer"} 3`);
      expect(text).toContain(`portal_connector_passes_total{connector="${name}",outcome="read"} 1`);
      expect(text).toContain(
        `portal_connector_last_good_pass_seconds{connector="${name}"} ${Date.parse('2026-11-30T09:00:00Z') / 1000}`,
      );

      const failing = await app.inject({ method: 'GET', url: '/health/connectors' });
      expect(failing.statusCode).toBe(503);
      const error = apiErrorSchema.strict().parse(failing.json());
      expect(error.message).toContain(`${name} (3 failed passes in a row, unknown_answer;`);
      // The answer's own words never leave the connection.
      expect(failing.body).not.toContain('site information');
      // The API itself stays ready: a practice system down never takes it out of service.
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

      // A good pass clears the run of failures.
      system.broken = false;
      now = new Date(now.getTime() + 60_000);
      runner.readSoon(name);
      await expect.poll(async () => (await stateOf(name))?.failed_passes).toBe(0);
      expect(await stateOf(name)).toMatchObject({ last_failure: null, good: now });
      expect((await app.inject({ method: 'GET', url: '/health/connectors' })).statusCode).toBe(200);
    } finally {
      await runner.stop();
      await app.close();
    }
  });

  it('counts a connector failing once its last good pass is older than its lag bound', async () => {
    const name = `lag-${testGroup().tag.toLowerCase()}`;
    await database.pool.query(
      `insert into connector_states (name, last_good_pass_at) values ($1, '2026-11-30T09:00:00Z')`,
      [name],
    );
    const check = (at: string) =>
      connectorHealth(
        database.db,
        [{ name, alert: { failedPasses: 3, lagSeconds: 900 } }],
        new Date(at),
        new Date('2026-11-30T08:00:00Z'),
      );
    expect(await check('2026-11-30T09:15:00Z')).toEqual([
      {
        name,
        last_good_pass_at: '2026-11-30T09:00:00.000Z',
        lag_seconds: 900,
        failed_passes: 0,
        last_failure: null,
        failing: false,
      },
    ]);
    expect((await check('2026-11-30T09:15:01Z'))[0]).toMatchObject({ lag_seconds: 901, failing: true });
    // Paused by the operator, it is not failing: it reads nothing on purpose.
    await database.pool.query(`update connector_states set paused = true where name = $1`, [name]);
    expect((await check('2026-11-30T10:00:00Z'))[0]).toMatchObject({ failing: false });
    // One that has never started counts its lag from the API's start.
    const [never] = await connectorHealth(
      database.db,
      [{ name: `${name}-never`, alert: { failedPasses: 3, lagSeconds: 900 } }],
      new Date('2026-11-30T08:20:00Z'),
      new Date('2026-11-30T08:00:00Z'),
    );
    expect(never).toMatchObject({ last_good_pass_at: null, lag_seconds: 1200, failing: true });
  });
});
