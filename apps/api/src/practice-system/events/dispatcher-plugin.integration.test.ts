import { practiceEventId } from '@vet/contracts/practice-events';
import {
  addReceiverEndpoint,
  deliveryRows,
  freshAppointmentIds,
  isListening,
  writeAppointmentEvent,
  type TestEndpoint,
} from '@vet/practice-events/testing/dispatcher-kit';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { developmentSecretKeys } from '@vet/practice-events/secret-box';
import { noPrivateHosts, type AllowedPrivateHosts } from '@vet/practice-events/endpoint-address';
import { loopbackAllowed } from '@vet/practice-events/testing/address-rules';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { eventDispatcherPlugin } from './dispatcher-plugin.ts';
import type { PracticeEventsSettings } from './dispatcher-plugin.ts';

/** The API's dispatcher plugin: it delivers while the app runs, and lets go of everything when it closes. */
const database = useOwnDatabase('api_event_dispatcher_test');

/** The receivers listen on loopback: allowed explicitly, as WEBHOOK_ALLOWED_PRIVATE_HOSTS would (0137). */
const settings = (
  requireHttps: boolean,
  allowedPrivateHosts: AllowedPrivateHosts,
): PracticeEventsSettings => ({
  limits: { timeoutMs: 2000, maxResponseBytes: 65_536 },
  retry: { baseMs: 50, maxMs: 100, giveUpAfterMs: 3600_000 },
  concurrency: 2,
  requireHttps,
  secretKeys: developmentSecretKeys,
  allowedPrivateHosts,
});

async function startApp(
  requireHttps: boolean,
  allowedPrivateHosts = loopbackAllowed,
): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(eventDispatcherPlugin, {
    databaseUrl: database.current.url,
    database: { statementTimeoutMs: undefined },
    practiceEvents: settings(requireHttps, allowedPrivateHosts),
    pollMs: 200,
  });
  await app.ready();
  return app;
}

describe('eventDispatcherPlugin', () => {
  let app: FastifyInstance | undefined;
  let endpoint: TestEndpoint | undefined;
  afterEach(async () => {
    await app?.close();
    await endpoint?.receiver.close();
  });

  it('delivers events while the app runs, and closes its connections with the app', async () => {
    const { db } = database.current;
    endpoint = await addReceiverEndpoint(db, 'api-plugin');
    app = await startApp(false);
    const id = await writeAppointmentEvent(db, freshAppointmentIds(1)[0]!, 'booked');
    await endpoint.receiver.waitFor((received) => received.some((event) => event.webhookId === id));

    await app.close();
    app = undefined;
    expect(await isListening(db)).toBe(false);
    const { rows } = await database.current.pool.query<{ count: string }>(
      `select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    // Only the test's own pool's other connections may remain (it has at most one more open).
    expect(Number(rows[0]?.count)).toBeLessThanOrEqual(1);
  });

  it('sends nothing to an http:// endpoint when https is required (production)', async () => {
    const { db } = database.current;
    endpoint = await addReceiverEndpoint(db, 'api-plugin-plain');
    app = await startApp(true);
    const id = await writeAppointmentEvent(db, freshAppointmentIds(1)[0]!, 'booked');
    const row = async () =>
      (await deliveryRows(db, endpoint!.id)).find((delivery) => practiceEventId(delivery.eventId) === id);
    await expect.poll(async () => (await row())?.lastError).toBe('https_required');
    expect(endpoint.receiver.attempts).toEqual([]);
  });

  it('dials no loopback receiver unless WEBHOOK_ALLOWED_PRIVATE_HOSTS names it (decision 0137)', async () => {
    const { db } = database.current;
    endpoint = await addReceiverEndpoint(db, 'api-plugin-inward');
    app = await startApp(false, noPrivateHosts);
    const id = await writeAppointmentEvent(db, freshAppointmentIds(1)[0]!, 'booked');
    const row = async () =>
      (await deliveryRows(db, endpoint!.id)).find((delivery) => practiceEventId(delivery.eventId) === id);
    // A failed attempt, to be retried and then parked like any other, and the receiver never reached.
    await expect.poll(async () => (await row())?.lastError).toBe('address_refused');
    expect((await row())?.attempts).toBeGreaterThanOrEqual(1);
    expect(endpoint.receiver.attempts).toEqual([]);
  });
});
