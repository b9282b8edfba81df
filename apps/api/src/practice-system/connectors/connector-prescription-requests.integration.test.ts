import { practiceDate } from '@vet/contracts/practice-clock';
import { clients } from '@vet/db/schema/clients';
import { petMedications } from '@vet/db/schema/prescriptions';
import { useOwnDatabase } from '@vet/db/testing/own-database';
import { seedImportLookups } from '@vet/practice-import/testing/run-test-import';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/test-app.ts';
import {
  startTestIdentityProvider,
  trustingEnv,
  type TestIdentityProvider,
} from '../../testing/test-identity-provider.ts';
import { practiceBookingDeps } from '../desk-bookings/testing/practice-fixtures.ts';
import { createConnectorStore } from './connector-store.ts';
import { syncCycle, type ConnectorRuntime } from './connector-sync.ts';
import { connectorDeliveries, connectorEndpointUrl } from './connector-writes.ts';
import { createEzyvetConnection } from './ezyvet/index.ts';
import { seedDemoPractice } from './ezyvet/testing/ezyvet-demo-seed.ts';
import {
  standInCredentials,
  startEzyvetStandIn,
  type EzyvetStandIn,
} from './ezyvet/testing/ezyvet-stand-in.ts';
import { createManualClock } from './ezyvet/testing/manual-clock.ts';

/**
 * Decision 0121 through the layer: a client's repeat prescription request, sent on the portal, its
 * prescription.requested event delivered to an ezyVet connector's endpoint as the dispatcher hands it
 * over, reaches the system as a communication on the pet, and the communication's id is kept on the
 * request; a redelivery writes nothing more.
 */
const log = pino({ level: 'silent' });
const own = useOwnDatabase('connectors_rx');
const practiceRef = 'PRAC-0001';
let standIn: EzyvetStandIn;
let runtime: ConnectorRuntime;
let provider: TestIdentityProvider;
let app: Awaited<ReturnType<typeof buildTestApp>>;

const one = async <T>(sql: string, params: unknown[] = []) =>
  (await own.current.pool.query(sql, params)).rows[0] as T;

beforeAll(async () => {
  await seedImportLookups(own.current);
  const clock = createManualClock(Date.now());
  standIn = await startEzyvetStandIn({ clock });
  await seedDemoPractice(standIn, { practiceRef, from: practiceDate(new Date()), days: 7 });
  clock.advance(1_000);
  const connection = createEzyvetConnection(
    {
      baseUrl: standIn.url,
      credentials: {
        partnerId: standInCredentials.partner_id,
        clientId: standInCredentials.client_id,
        clientSecret: standInCredentials.client_secret,
        scope: 'read-animal write-communication',
      },
      practiceRef,
    },
    { clock },
  );
  runtime = { name: 'connectors_rx', practices: [practiceRef], pollSeconds: 15, connection };
  const deps = {
    store: createConnectorStore(own.current.db),
    apply: {
      records: { db: own.current.db, pool: own.current.pool },
      bookings: practiceBookingDeps(own.current.db),
      log,
    },
    metrics: undefined,
    log,
    clock: () => new Date(),
  };
  expect(await syncCycle(deps, runtime)).toMatchObject({ kind: 'read' });
  provider = await startTestIdentityProvider();
  app = await buildTestApp(own.current, { env: trustingEnv(provider) });
});
afterAll(async () => {
  await app?.close();
  await provider?.close();
  await standIn?.close();
});

/** A synced client sends a request for a synced pet's medicine; answers the request's event. */
async function sentRequest() {
  const pet = await one<{ id: number; ref: string; client_id: number; client_ref: string }>(
    `select p.id, p.pms_ref as ref, c.id as client_id, c.pms_ref as client_ref
       from pets p join clients c on c.id = p.client_id where p.status = 'Active' order by p.id limit 1`,
  );
  const subject = `rx-${pet.client_id}`;
  await own.current.db
    .update(clients)
    .set({ identityIssuer: provider.issuer, identitySubject: subject })
    .where(eq(clients.id, pet.client_id));
  // A medicine as the practice system sends it (medications.csv); not prescription-only, so no review.
  const [medicine] = await own.current.db
    .insert(petMedications)
    .values({
      pmsRef: 'MED-RX-1',
      petId: pet.id,
      medicine: 'Flea spot-on for dogs',
      category: 'AVM-GSL',
      prescribedOn: '2026-01-10',
      unit: 'pack of 3',
    })
    .returning();
  const response = await app.inject({
    method: 'POST',
    url: '/prescription-requests',
    headers: { authorization: `Bearer ${await provider.sign({ claims: { sub: subject } })}` },
    payload: { petId: pet.id, items: [{ medicationId: medicine!.id, quantity: 1 }], supply: 'collect' },
  });
  expect(response.statusCode).toBe(201);
  const requestId = response.json<{ requestId: number }>().requestId;
  const event = await one<{ id: number; type: string; data: Record<string, unknown>; occurred_at: Date }>(
    `select id, type, data, occurred_at from practice_events
      where type = 'prescription.requested' and record_id = $1`,
    [requestId],
  );
  return { pet, requestId, event };
}

describe('a prescription request through an ezyVet connector', () => {
  it('reaches ezyVet as a communication on the pet, its id kept on the request, once', async () => {
    const { pet, requestId, event } = await sentRequest();
    const delivery = {
      id: `evt_${event.id}`,
      type: event.type,
      timestamp: event.occurred_at,
      data: event.data,
    };
    const deliver = connectorDeliveries([runtime], {
      db: own.current.db,
      store: createConnectorStore(own.current.db),
      metrics: undefined,
      log,
      readSoon: () => undefined,
    })(connectorEndpointUrl(runtime.name))!;

    expect(await deliver(delivery)).toEqual({ delivered: true, status: 200 });
    const written = standIn.db.tables.communication;
    expect(written).toEqual([
      expect.objectContaining({
        animal_id: Number(pet.ref),
        contact_id: Number(pet.client_ref),
        subject: `Repeat prescription request (portal request ${requestId})`,
        message: expect.stringContaining(
          '- Flea spot-on for dogs, AVM-GSL: 1 × pack of 3 [MED-RX-1]',
        ) as unknown,
      }),
    ]);
    const stored = await one<{ ref: string | null }>(
      `select pms_ref as ref from prescription_requests where id = $1`,
      [requestId],
    );
    expect(stored.ref).toBe(String(written[0]!.id));

    // The dispatcher delivers it again (an answer lost on our side): found, not written twice.
    expect(await deliver(delivery)).toEqual({ delivered: true, status: 200 });
    expect(standIn.db.tables.communication).toHaveLength(1);
    expect(standIn.count('POST /v1/communication')).toBe(1);
    expect(standIn.violations).toEqual([]);
  });
});
