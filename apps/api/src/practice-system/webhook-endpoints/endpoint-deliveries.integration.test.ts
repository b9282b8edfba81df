import { apiErrorSchema } from '@vet/contracts/errors';
import { webhookEndpointWithSecretSchema } from '@vet/contracts/integration-webhook-endpoints';
import { recordPracticeEvent, sequencePracticeEvents } from '@vet/practice-events/record-events';
import { webhookDeliveries, webhookEndpoints } from '@vet/db/schema/practice-events';
import { createClient, createPractice } from '@vet/db/testing/factories';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import {
  deliveryRows,
  freshAppointmentIds,
  startTestDispatcher,
  writeAppointmentEvent,
  type TestDispatcher,
} from '@vet/practice-events/testing/dispatcher-kit';
import { startRotatingReceiver, type RotatingReceiver } from '@vet/practice-events/testing/rotating-receiver';
import { developmentSecretKeys } from '@vet/practice-events/secret-box';
import { loopbackHosts } from '@vet/practice-events/testing/address-rules';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { useSignedInTestApp } from '../../testing/signed-in-app.ts';
import { endpointRequests } from './testing/endpoint-requests.ts';

/**
 * Decision 0112, with the deliveries: a rotation while webhooks are in flight loses none and signs each
 * with a secret the receiver holds; a removal loses no waiting delivery unless asked; a caller of some
 * practices receives only theirs. On a database of its own: the dispatcher takes every due delivery.
 */
const own = useOwnDatabase('api_endpoint_deliveries_test');
const database = {
  get db() {
    return own.current.db;
  },
  get pool() {
    return own.current.pool;
  },
  get url() {
    return own.current.url;
  },
};
const north = 'PRAC-NORTH';
const { context, machineAuthorization } = useSignedInTestApp(database, {
  env: {
    INTEGRATION_CLIENT_GRANTS: JSON.stringify([
      { client: 'vendor-north', practices: [north], kinds: ['webhook-endpoints'] },
    ]),
    // The receivers listen on loopback, which the API refuses unless allowed (decision 0137).
    WEBHOOK_ALLOWED_PRIVATE_HOSTS: loopbackHosts,
  },
});
const api = endpointRequests(
  () => context.app,
  () => machineAuthorization(),
);

let dispatcher: TestDispatcher | undefined;
let receiver: RotatingReceiver | undefined;
afterEach(async () => {
  await dispatcher?.stop();
  dispatcher = undefined;
  await receiver?.close();
  receiver = undefined;
});

async function register(body: Record<string, unknown>, requests = api) {
  const response = await requests.register(body);
  expect(response.statusCode, response.body).toBe(201);
  return webhookEndpointWithSecretSchema.parse(response.json());
}

/** True once a statement updating webhook_endpoints is waiting on a lock. */
async function rotationWaitsOnALock(): Promise<boolean> {
  const { rows } = await own.current.pool.query<{ waiting: boolean }>(
    `select exists (select from pg_stat_activity where datname = current_database()
       and wait_event_type = 'Lock' and query like 'update "webhook_endpoints"%') as waiting`,
  );
  return rows[0]!.waiting;
}

describe('rotating an endpoint’s secret while webhooks are on their way', () => {
  it('loses none and signs each with a secret the receiver holds, old or new', async () => {
    const { db } = own.current;
    receiver = await startRotatingReceiver();
    const endpoint = await register({ url: receiver.url });
    const oldSecret = endpoint.secret;
    receiver.holds([oldSecret]);
    dispatcher = startTestDispatcher(own.current, { secretKeys: developmentSecretKeys });

    // Three webhooks signed with the old secret alone, held open by the receiver.
    receiver.hold();
    const early = await Promise.all(
      freshAppointmentIds(3).map((id) => writeAppointmentEvent(db, id, 'booked')),
    );
    await receiver.waitFor(() => receiver!.inFlight() === 3);
    let rotated = false;
    const rotation = api.rotate(endpoint.id, { overlap_hours: 24 }).then((response) => {
      rotated = true;
      return response;
    });
    // The rotation waits for them: until they are answered, the receiver keeps the old secret.
    await expect.poll(rotationWaitsOnALock).toBe(true);
    expect(rotated).toBe(false);
    receiver.release();
    const response = await rotation;
    expect(response.statusCode, response.body).toBe(200);
    const newSecret = webhookEndpointWithSecretSchema.parse(response.json()).secret;
    expect(newSecret).not.toBe(oldSecret);
    expect(webhookEndpointWithSecretSchema.parse(response.json()).previous_secret_expires_at).not.toBeNull();

    // The practice system deploys the new secret: everything from now on verifies with it...
    receiver.holds([newSecret]);
    const later = await Promise.all(
      freshAppointmentIds(3).map((id) => writeAppointmentEvent(db, id, 'booked')),
    );
    // ...and a receiver still on the old one verifies them too, for the overlap.
    await receiver.waitFor(() => later.every((id) => receiver!.answered.some((a) => a.webhookId === id)));
    receiver.holds([oldSecret]);
    const lagging = await writeAppointmentEvent(db, freshAppointmentIds(1)[0]!, 'booked');
    await receiver.waitFor(() => receiver!.answered.some((a) => a.webhookId === lagging));

    const sent = [...early, ...later, lagging];
    expect(receiver.answered.map((a) => a.webhookId).sort()).toEqual([...sent].sort());
    expect(receiver.answered.every((a) => a.status === 200)).toBe(true);
    const signaturesOf = (id: string) => receiver!.answered.find((a) => a.webhookId === id)?.signatures;
    expect(early.map(signaturesOf)).toEqual([1, 1, 1]);
    expect([...later, lagging].map(signaturesOf)).toEqual([2, 2, 2, 2]);
    // Each recorded as delivered at its first attempt (the record is written after the answer).
    const outcomes = async () =>
      (await deliveryRows(db, endpoint.id)).map((row) => [row.status, row.attempts].join(' '));
    await expect.poll(outcomes).toEqual(sent.map(() => 'delivered 1'));
  });

  it('signs with the new secret alone once the overlap is over', async () => {
    const { db } = own.current;
    receiver = await startRotatingReceiver();
    const endpoint = await register({ url: receiver.url });
    const rotated = await api.rotate(endpoint.id, { overlap_hours: 1 });
    const newSecret = webhookEndpointWithSecretSchema.parse(rotated.json()).secret;
    // The overlap's end, come: the stored expiry moved into the past rather than waiting an hour.
    await db
      .update(webhookEndpoints)
      .set({ previousSecretExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect((await api.get(endpoint.id)).json()).toMatchObject({ previous_secret_expires_at: null });

    receiver.holds([endpoint.secret]);
    dispatcher = startTestDispatcher(own.current, { secretKeys: developmentSecretKeys });
    const id = await writeAppointmentEvent(db, freshAppointmentIds(1)[0]!, 'booked');
    await receiver.waitFor(() => receiver!.answered.some((a) => a.webhookId === id));
    expect(receiver.answered[0]).toMatchObject({ status: 401, signatures: 1 });
    // Refused by the old secret, it waits and is retried; the new one verifies it.
    receiver.holds([newSecret]);
    await receiver.waitFor(() => receiver!.answered.some((a) => a.webhookId === id && a.status === 200));
  });

  it('refuses an overlap outside 0 to 168 hours, and with 0 drops the old secret at once', async () => {
    const endpoint = await register({ url: 'https://pms.example/overlap' });
    const tooLong = await api.rotate(endpoint.id, { overlap_hours: 169 });
    expect(tooLong.statusCode).toBe(400);
    expect(apiErrorSchema.parse(tooLong.json())).toMatchObject({
      code: 'invalid_request',
      issues: [expect.objectContaining({ path: 'overlap_hours' })],
    });
    const now = await api.rotate(endpoint.id, { overlap_hours: 0 });
    expect(now.statusCode).toBe(200);
    expect(now.json()).toMatchObject({ previous_secret_expires_at: null });
    const [row] = await own.current.db
      .select({ previous: webhookEndpoints.previousSecret })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(row?.previous).toBeNull();
  });
});

describe('removing an endpoint', () => {
  it('is refused while deliveries wait or are parked, unless they are discarded', async () => {
    const { db } = own.current;
    const endpoint = await register({ url: 'https://pms.example/removed' });
    await writeAppointmentEvent(db, freshAppointmentIds(1)[0]!, 'booked');
    while ((await sequencePracticeEvents(db)) > 0);
    expect(await deliveryRows(db, endpoint.id)).toHaveLength(1);

    const refused = await api.remove(endpoint.id);
    expect(refused.statusCode).toBe(409);
    expect(apiErrorSchema.strict().parse(refused.json()).code).toBe('endpoint_has_waiting_deliveries');
    await db
      .update(webhookDeliveries)
      .set({ status: 'parked' })
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect((await api.remove(endpoint.id, '?discard_waiting=false')).statusCode).toBe(409);
    expect(await deliveryRows(db, endpoint.id)).toHaveLength(1);

    expect((await api.remove(endpoint.id, '?discard_waiting=true')).statusCode).toBe(204);
    expect(await deliveryRows(db, endpoint.id)).toEqual([]);
    expect((await api.get(endpoint.id)).statusCode).toBe(404);
  });

  it('is removed at once when nothing waits', async () => {
    const endpoint = await register({ url: 'https://pms.example/idle' });
    expect((await api.remove(endpoint.id)).statusCode).toBe(204);
    expect((await api.remove(endpoint.id)).statusCode).toBe(404);
  });
});

describe('an endpoint of a caller of some practices', () => {
  it('receives only those practices’ events, though it named none', async () => {
    const { db } = own.current;
    const northApi = endpointRequests(
      () => context.app,
      () => machineAuthorization({ clientId: 'vendor-north' }),
    );
    const endpoint = await register({ url: 'https://pms.example/north' }, northApi);
    const ids: Record<string, number> = {};
    for (const practiceRef of [north, 'PRAC-SOUTH']) {
      const practice = await createPractice(db, { pmsRef: practiceRef });
      const client = await createClient(db, { homePracticeId: practice.id, pmsRef: `CLI-${practiceRef}` });
      ids[practiceRef] = await recordPracticeEvent(db, 'client.linked', {
        client_id: client.id,
        client_ref: client.pmsRef,
        practice_id: practice.id,
        practice_ref: practiceRef,
      });
    }
    while ((await sequencePracticeEvents(db)) > 0);
    expect((await deliveryRows(db, endpoint.id)).map((row) => row.eventId)).toEqual([ids[north]]);
  });
});
