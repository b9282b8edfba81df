import { randomBytes } from 'node:crypto';
import { apiErrorSchema } from '@vet/contracts/errors';
import { addDays, practiceDate } from '@vet/contracts/practice-clock';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../testing/test-app.ts';
import { connectorHintsChannel } from './connector-hints.ts';
import { connectorsPlugin } from './connectors-plugin.ts';
import { createProvetCloudConnection } from './provet-cloud/index.ts';
import { provetIdOf } from './provet-cloud/provet-shapes.ts';
import { startProvetStandIn, type ProvetStandIn } from './provet-cloud/testing/provet-cloud-stand-in.ts';
import { seedDemoGroup } from './provet-cloud/testing/provet-demo-seed.ts';
import { FakeClock, standInSpeciesCodes } from './provet-cloud/testing/provet-test-kit.ts';

/**
 * Provet Cloud's webhooks as a hint (decision 0115), across process roles (decision 0126): an app of role
 * `http` (buildApp, its connector from PRACTICE_CONNECTORS) takes the webhook, and a second app on the same
 * database runs the connector as a worker, polling once an hour. A desk booking that reaches the portal
 * within the test did so because the hint crossed PostgreSQL's notification to the worker's listener. The
 * webhook's body is never applied: the booking arrives by the connection's own read.
 */
const own = useOwnDatabase('connectors_provet_hints');
const name = 'provet-hints';
const secret = randomBytes(24).toString('base64url');
let standIn: ProvetStandIn;
let app: Awaited<ReturnType<typeof buildTestApp>>;
let worker: Awaited<ReturnType<typeof buildTestApp>>;
let origin: string;
let departmentId: number;
/** The connection's kinds: the first pass is over once each has a cursor. */
let kinds = 0;

const one = async <T>(sql: string, params: unknown[] = []) =>
  (await own.current.pool.query(sql, params)).rows[0] as T | undefined;

beforeAll(async () => {
  await seedImportLookups(own.current);
  const clock = new FakeClock(Date.now() - 3_600_000);
  standIn = await startProvetStandIn({ now: clock.now });
  const ids = seedDemoGroup(standIn.store, practiceDate(new Date()), 7);
  clock.advance(3_600_000);
  departmentId = ids.departments.get('PRAC-0001')!;
  // The HTTP side: the connector as the operator configures it, its secret among its credentials.
  app = await buildTestApp(own.current, {
    env: {
      PRACTICE_CONNECTORS: JSON.stringify([
        {
          name,
          system: 'provet-cloud',
          practices: ['PRAC-0001'],
          base_url: standIn.origin,
          credentials: { webhook_secret: 'PROVET_HINTS_WEBHOOK_SECRET' },
        },
      ]),
      PROVET_HINTS_WEBHOOK_SECRET: secret,
    },
  });
  // The worker side: its connector and its own listener; it serves no webhook.
  worker = await buildTestApp(own.current);
  await worker.register(connectorsPlugin, {
    connectors: [
      {
        name,
        system: 'provet-cloud',
        practices: ['PRAC-0001'],
        baseUrl: standIn.origin,
        settings: {},
        credentials: { webhook_secret: secret },
        pollSeconds: 3600,
      },
    ],
    settings: { brandName: 'Test Vets', portalUrl: 'https://portal.example' },
    createConnection: () => {
      const connection = createProvetCloudConnection(
        {
          origin: standIn.origin,
          provetId: standIn.provetId,
          clientId: standIn.clientId,
          clientSecret: standIn.clientSecret,
          departmentId: String(departmentId),
          practiceRef: 'PRAC-0001',
          nurseGroupIds: ['2'],
          speciesCodes: standInSpeciesCodes,
        },
        { clock },
      );
      kinds = connection.readKinds.length;
      return connection;
    },
    hintsDatabaseUrl: own.current.url,
  });
  await worker.ready();
  origin = await app.listen({ host: '127.0.0.1', port: 0 });
  // The first pass, at start: every kind read once, appointments last. The next poll is an hour away.
  await vi.waitFor(
    async () => {
      const read = await one<{ n: number }>(
        `select count(*)::int as n from connector_cursors where name = $1 and cursor is not null`,
        [name],
      );
      expect(read?.n).toBe(kinds);
      // And the worker's listener is listening: its session's last statement is the LISTEN.
      const listening = await one<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and state = 'idle' and query = $1`,
        [`listen ${connectorHintsChannel}`],
      );
      expect(listening?.n).toBe(1);
    },
    { timeout: 60_000, interval: 200 },
  );
});
afterAll(async () => {
  await app?.close();
  await worker?.close();
  await standIn?.close();
});

const webhookUrl = (connection = name, token = secret) =>
  `${origin}/connectors/provet-cloud/webhooks/${connection}/${token}`;

describe("Provet Cloud's webhooks, a hint to read sooner", () => {
  it('brings a desk booking made in Provet into the portal long before the next poll', async () => {
    standIn.webhooks.url = webhookUrl();
    const booked = standIn.store
      .list('appointment')
      .find((a) => a.department === standIn.store.url('department', departmentId) && a.client !== null)!;
    const start = `${addDays(practiceDate(new Date()), 2)}T20:00:00Z`;
    const desk = standIn.control.deskBook({
      userId: Number(provetIdOf(String(booked.user))),
      departmentId,
      clientId: Number(provetIdOf(String(booked.client))),
      patientId: Number(provetIdOf((booked.patients as string[])[0])),
      reasonId: Number(provetIdOf(String(booked.reason))),
      start,
      end: new Date(Date.parse(start) + 15 * 60_000).toISOString(),
    });
    await expect
      .poll(() => one(`select status from appointments where pms_ref = $1`, [String(desk.id)]), {
        timeout: 30_000,
      })
      .toEqual({ status: 'Booked' });
    expect(standIn.webhooks.deliveries).toContainEqual({
      body: `appointment_id=${desk.id}`,
      status: 200,
      attempt: 1,
    });
  });

  it('answers a notice it cannot take with a 4xx in the error shape, and wakes nothing', async () => {
    const post = (url: string, body: string, type = 'application/x-www-form-urlencoded') =>
      fetch(url, { method: 'POST', headers: { 'content-type': type }, body });
    const cases = [
      { url: webhookUrl(name, `${secret}x`), body: 'appointment_id=1', status: 404 },
      { url: webhookUrl('someone-else'), body: 'appointment_id=1', status: 404 },
      { url: webhookUrl(), body: 'hello=world', status: 400 },
      { url: webhookUrl(), body: 'appointment_id=first', status: 400 },
      { url: webhookUrl(), body: 'invoice_id=5', status: 422 },
      { url: webhookUrl(), body: '["appointment_id"]', status: 400, type: 'application/json' },
    ];
    for (const { url, body, status, type } of cases) {
      const response = await post(url, body, type);
      expect({ body, status: response.status }).toEqual({ body, status });
      expect(apiErrorSchema.safeParse(await response.json()).success).toBe(true);
    }
    // The same notice as JSON is taken.
    const json = await post(webhookUrl(), JSON.stringify({ client_id: 12 }), 'application/json');
    expect(json.status).toBe(200);
  });
});
